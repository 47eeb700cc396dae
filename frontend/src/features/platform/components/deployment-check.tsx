/**
 * /deployment-check: is this deployment complete? Build and check times, cache version, media counts against
 * the expected ones, a refresh, and quick tests that load one image and one audio file in this browser.
 */
import { AlertTriangle, CheckCircle2, Image, Loader2, Music, RefreshCw, XCircle, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cx } from '../../../lib/class-names';
import { formatDateTime } from '../../../lib/format';
import { Button, buttonClass } from '../../../ui/button';
import { deploymentHealth, expectedMedia, useDeploymentStatus, type DeploymentHealth } from '../api/get-deployment-status';

const indicators: Record<DeploymentHealth, { label: string; icon: LucideIcon; tone: string }> = {
  checking: { label: 'Checking', icon: Loader2, tone: 'border-white/15 bg-white/5 text-zinc-100' },
  error: { label: 'Error', icon: XCircle, tone: 'border-red-400/40 bg-red-500/10 text-red-100' },
  deployed: { label: 'Deployed', icon: CheckCircle2, tone: 'border-emerald-400/40 bg-emerald-500/10 text-emerald-100' },
  issues: { label: 'Issues Found', icon: AlertTriangle, tone: 'border-amber-400/40 bg-amber-500/10 text-amber-100' },
};

export interface QuickTests {
  testImage: () => void;
  testAudio: () => void;
}

export function DeploymentCheck({ quickTests }: { quickTests: QuickTests }) {
  const status = useDeploymentStatus();
  const health = deploymentHealth(status.data, status.isError);
  const indicator = indicators[health];
  const Icon = indicator.icon;

  return (
    <div className="space-y-6" data-testid="deployment-check" data-health={health}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold text-zinc-50">Deployment Status</h1>
        <Button variant="secondary" onClick={() => void status.refetch()} disabled={status.isFetching}>
          <RefreshCw aria-hidden="true" className={cx('size-4', status.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>

      <div role="status" className={cx('flex items-center gap-3 rounded-xl border p-4', indicator.tone)} data-testid="deployment-indicator">
        <Icon aria-hidden="true" className={cx('size-6', health === 'checking' && 'animate-spin')} />
        <div>
          <p className="font-semibold">{indicator.label}</p>
          {health === 'error' && <p className="text-sm">Failed to connect to deployment status endpoint</p>}
        </div>
      </div>

      {status.data && (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <Fact term="Build time" value={status.data.buildTime ? formatDateTime(status.data.buildTime) : 'Unknown'} />
          <Fact term="Checked at" value={status.data.timestamp ? formatDateTime(status.data.timestamp) : 'Unknown'} />
          <Fact term="Cache version" value={status.data.version || 'Unknown'} />
          <Fact term="Uploads directory" value={status.data.hasUploads ? 'Found' : 'Missing'} testId="uploads" />
          <Fact term="Images" value={String(status.data.imagesCount)} testId="images-count" />
          <Fact term="Audio files" value={String(status.data.audioCount)} testId="audio-count" />
        </dl>
      )}

      <section aria-labelledby="quick-tests-heading" className="space-y-3">
        <h2 id="quick-tests-heading" className="text-xl font-bold text-zinc-50">
          Quick tests
        </h2>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={quickTests.testImage} icon={Image}>
            Test image loading
          </Button>
          <Button variant="secondary" onClick={quickTests.testAudio} icon={Music}>
            Test audio loading
          </Button>
          <Link to="/admin" className={buttonClass('ghost')}>
            Open the admin panel
          </Link>
        </div>
      </section>

      <section
        aria-labelledby="expected-heading"
        className="space-y-2 rounded-xl border border-white/10 bg-white/5 p-4 text-sm text-zinc-200"
      >
        <h2 id="expected-heading" className="font-semibold text-zinc-50">
          A complete deployment shows
        </h2>
        <ul className="list-inside list-disc space-y-1" data-testid="expected-values">
          <li>{expectedMedia.images} images</li>
          <li>{expectedMedia.audio} audio files</li>
          <li>Uploads directory found</li>
        </ul>
        <p>The status refreshes every 5 seconds. If the counts are short, upload the media again and refresh.</p>
      </section>
    </div>
  );
}

function Fact({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-white/5 p-4">
      <dt className="text-xs font-semibold uppercase tracking-wider text-zinc-300">{term}</dt>
      <dd className="mt-1 text-lg font-bold text-zinc-50" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The sync manager's suspicious plays: the play reports the server refused over the last hour and the last day, by
 * reason (a token missing, forged or expired, a report sooner than the track could have played, a repeat, past a
 * listener's daily ceiling). Refreshed with the consumers; the label's dashboard shows the same counts per day.
 */
import { ShieldAlert } from 'lucide-react';
import { Spinner } from '../../../ui/spinner';
import { ReadFailed } from '../../../ui/status-message';
import { refusalWords } from '../components/refusal-words';
import { useSuspiciousPlays, type SuspiciousWindow } from './ops-api';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

function Window({ title, window, testId }: { title: string; window: SuspiciousWindow; testId: string }) {
  return (
    <div className="space-y-2 rounded-xl border border-white/10 p-4" data-testid={testId}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-zinc-400">
        {title} <span className="font-normal normal-case">(since {time(window.since)})</span>
      </h3>
      <p className="text-2xl font-bold tabular-nums text-zinc-50" data-testid="suspicious-total">
        {window.total} <span className="text-sm font-normal text-zinc-400">refused {window.total === 1 ? 'report' : 'reports'}</span>
      </p>
      {window.reasons.length > 0 && (
        <ul className="space-y-1 text-sm text-zinc-200">
          {window.reasons.map((r) => (
            <li key={r.reason} data-reason={r.reason} className="flex justify-between gap-3">
              <span>{refusalWords[r.reason]}</span>
              <span className="tabular-nums">{r.count}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SuspiciousPlays() {
  const plays = useSuspiciousPlays();
  return (
    <section aria-labelledby="suspicious-plays-title" className="space-y-3" data-testid="ops-suspicious-plays">
      <h2 id="suspicious-plays-title" className="flex items-center gap-2 text-xl font-bold text-zinc-50">
        <ShieldAlert aria-hidden="true" className="size-5 text-amber-300" />
        Suspicious plays
      </h2>
      <p className="text-sm text-zinc-400">Play reports the server refused and did not count, by reason.</p>
      {plays.isPending ? (
        <Spinner label="Counting refused plays…" className="py-6" />
      ) : plays.isError ? (
        <ReadFailed title="The suspicious plays could not be read." onRetry={() => void plays.refetch()} />
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Window title="Last hour" window={plays.data.lastHour} testId="suspicious-last-hour" />
          <Window title="Last day" window={plays.data.lastDay} testId="suspicious-last-day" />
        </div>
      )}
    </section>
  );
}

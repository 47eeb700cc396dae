/** The one way a screen says "nothing here", "that failed" or "this is locked": a message, and a way forward. */
import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type { AriaRole, ReactNode } from 'react';
import { cx } from '../lib/class-names';
import { Button } from './button';

type Tone = 'quiet' | 'error' | 'accent';

const boxTones: Record<Tone, string> = {
  quiet: 'border-dashed border-white/15',
  error: 'border-red-400/30 bg-red-500/10',
  accent: 'border-accent/30 bg-accent/10',
};
const iconTones: Record<Tone, string> = { quiet: 'text-zinc-400', error: 'text-red-300', accent: 'text-accent' };

/** A centred box: an icon, a title and what follows it (a line of help, an action). */
export function StateBox({
  icon: Icon,
  tone,
  title,
  role,
  testId,
  children,
}: {
  icon: LucideIcon;
  tone: Tone;
  title: ReactNode;
  role?: AriaRole;
  testId?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={role}
      data-testid={testId}
      className={cx('flex flex-col items-center gap-3 rounded-xl border px-6 py-10 text-center', boxTones[tone])}
    >
      <Icon aria-hidden="true" className={cx('size-8', iconTones[tone])} />
      <p className="max-w-prose font-semibold text-zinc-50">{title}</p>
      {children}
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <StateBox icon={icon} tone="quiet" title={title}>
      {children && <div className="text-sm text-zinc-300">{children}</div>}
    </StateBox>
  );
}

export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <StateBox icon={AlertTriangle} tone="error" title={title} role="alert">
      <p className="max-w-prose break-words text-sm text-zinc-300">{error instanceof Error ? error.message : String(error)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </StateBox>
  );
}

/** A read that failed, with a way to try it again: "The consumers could not be read." */
export function ReadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <StateBox icon={AlertTriangle} tone="error" title={title} role="alert">
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </StateBox>
  );
}

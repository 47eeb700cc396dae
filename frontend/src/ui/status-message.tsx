/** The one way a screen says "nothing here" or "that failed": a message, and a way forward. */
import { AlertTriangle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export function EmptyState({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-white/15 px-6 py-10 text-center">
      <Icon aria-hidden="true" className="size-8 text-zinc-400" />
      <p className="font-semibold text-zinc-100">{title}</p>
      {children && <div className="text-sm text-zinc-300">{children}</div>}
    </div>
  );
}

export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-red-400/30 bg-red-500/10 px-6 py-8 text-center">
      <AlertTriangle aria-hidden="true" className="size-7 text-red-300" />
      <p className="font-semibold text-zinc-50">{title}</p>
      <p className="max-w-prose break-words text-sm text-zinc-300">{error instanceof Error ? error.message : String(error)}</p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** A small pill label: tiers, "Main Artist", "Exclusive". */
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export function Badge({ children, tone = 'neutral', className }: { children: ReactNode; tone?: 'neutral' | 'accent'; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        tone === 'accent' ? 'bg-accent text-accent-foreground' : 'bg-white/10 text-zinc-100',
        className,
      )}
    >
      {children}
    </span>
  );
}

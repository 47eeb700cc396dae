/** Grey placeholder blocks shown where content is still loading, and the status region that announces it. */
import type { ReactNode } from 'react';
import { cx } from '../lib/class-names';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-white/10', className)} />;
}

/** A loading region: screen readers hear `label`, the placeholders inside are for the eyes. */
export function LoadingStatus({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** Placeholders stacked in one box, one a class list (a card: its artwork, then its title and subtitle). */
export function SkeletonStack({ className, blocks }: { className?: string; blocks: string[] }) {
  return (
    <div className={className}>
      {blocks.map((block, index) => (
        <Skeleton key={index} className={block} />
      ))}
    </div>
  );
}

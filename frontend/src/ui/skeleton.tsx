/** A grey placeholder block shown where content is still loading. */
import { cx } from '../lib/class-names';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('animate-pulse rounded-md bg-white/10', className)} />;
}

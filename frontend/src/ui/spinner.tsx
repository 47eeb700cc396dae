/** A spinning ring for waits with no shape to sketch (the session being read, a page gate). */
import { cx } from '../lib/class-names';

export function Spinner({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" className={cx('flex items-center justify-center', className)}>
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-white/15 border-t-accent" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** An input led by an icon inside its left edge: the search boxes and the band's e-mail field. */
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from '../lib/class-names';

/** `large` for a page's own search box; children go in the same box after the input (a list of suggestions under it). */
export function IconInput({
  icon: Icon,
  large = false,
  boxClassName,
  children,
  ...props
}: ComponentProps<'input'> & { icon: LucideIcon; large?: boolean; boxClassName?: string }) {
  return (
    <div className={cx('relative', boxClassName)}>
      <Icon
        aria-hidden="true"
        className={cx('pointer-events-none absolute top-1/2 -translate-y-1/2 text-zinc-400', large ? 'left-4 size-5' : 'left-3 size-4')}
      />
      <input {...props} />
      {children}
    </div>
  );
}

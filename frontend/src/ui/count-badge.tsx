/** The accent count on an icon button (cart, notifications): hidden at 0, capped at "9+"; the button's label says the number. */
import { cx } from '../lib/class-names';

export const countBadgeText = (count: number): string | null => (count <= 0 ? null : count > 9 ? '9+' : String(count));

export function CountBadge({ count, testId, className }: { count: number; testId?: string; className?: string }) {
  const text = countBadgeText(count);
  if (!text) return null;
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={cx(
        'absolute -right-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent px-1 text-[11px] font-bold leading-none text-accent-foreground',
        className,
      )}
    >
      {text}
    </span>
  );
}

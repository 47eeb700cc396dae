/** Buttons in the label's three weights: the accent call to action, a quiet secondary, and a bare icon button. */
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cx } from '../lib/class-names';
import { haptic as vibrate, type Haptic } from '../lib/haptics';
import { Tooltip } from './tooltip';

type Variant = 'primary' | 'secondary' | 'ghost';

const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-foreground hover:brightness-110',
  secondary: 'bg-white/10 text-zinc-50 hover:bg-white/15',
  ghost: 'text-zinc-200 hover:bg-white/10 hover:text-zinc-50',
};

/** Also used on links that look like buttons. */
export const buttonClass = (variant: Variant = 'primary', className?: string): string =>
  cx(
    'inline-flex items-center justify-center gap-2 rounded-full px-5 py-2.5 text-sm font-semibold transition',
    'disabled:cursor-not-allowed disabled:opacity-60',
    variants[variant],
    className,
  );

/** A button; `icon` goes before its label, at the label's size. */
export function Button({
  variant = 'primary',
  icon: Icon,
  className,
  type = 'button',
  children,
  ...props
}: ComponentProps<'button'> & { variant?: Variant; icon?: LucideIcon }) {
  return (
    <button type={type} className={buttonClass(variant, className)} {...props}>
      {Icon && <Icon aria-hidden="true" className="size-4" />}
      {children}
    </button>
  );
}

/** An inline link, or a button that reads as one, in the accent colour. */
export const textLinkClass = (className?: string): string =>
  cx('font-semibold text-accent underline-offset-2 hover:underline disabled:opacity-60', className);

/** A button inside a sentence or under a form ("Try a different email"): looks like a link. */
export function TextButton({ className, type = 'button', ...props }: ComponentProps<'button'>) {
  return <button type={type} className={textLinkClass(className)} {...props} />;
}

/**
 * A round icon-only button; `label` is its accessible name, and its tooltip unless `title` says more. `haptic` is the
 * pattern a phone feels on each press, before `onClick` runs.
 */
export function IconButton({
  label,
  active = false,
  solid = false,
  haptic,
  className,
  type = 'button',
  title,
  onClick,
  ...props
}: ComponentProps<'button'> & { label: string; active?: boolean; solid?: boolean; haptic?: Haptic }) {
  return (
    <Tooltip content={title ?? label}>
      <button
        type={type}
        aria-label={label}
        className={cx(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-full transition',
          'disabled:cursor-not-allowed disabled:opacity-40 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
          solid
            ? 'bg-zinc-50 text-zinc-950 hover:scale-105 hover:bg-white'
            : active
              ? 'text-accent hover:bg-white/10'
              : 'text-zinc-200 hover:bg-white/10 hover:text-white',
          className,
        )}
        onClick={
          haptic
            ? (event) => {
                vibrate(haptic);
                onClick?.(event);
              }
            : onClick
        }
        {...props}
      />
    </Tooltip>
  );
}

/** A labelled text input with its hint and error wired for screen readers, and the inline alert forms use. */
import { useEffect, useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../lib/class-names';

export const inputClass =
  'w-full rounded-lg border border-white/15 bg-zinc-950 px-3 py-2.5 text-base text-zinc-50 placeholder:text-zinc-500 focus:border-accent focus:outline-none aria-[invalid=true]:border-red-400 disabled:opacity-60';

interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Focuses the field when it appears (the first field of a step or dialog), as autoFocus would, once it is on screen. */
  focusOnMount?: boolean;
}

export function TextField({ label, hint, error, className, id, focusOnMount = false, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  useEffect(() => {
    if (focusOnMount) document.getElementById(inputId)?.focus();
  }, [focusOnMount, inputId]);
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input id={inputId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...input} />
      {hint && (
        <p id={hintId} className="text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

/** The e-mail a sign-in or sign-up form asks for: the same label, keyboard and autofill everywhere. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...props} />
  );
}

/** A form's failure in words, next to the form (the toast says it too, but may be gone by the time it is read). */
export function FormAlert({ title, description }: { title: string; description?: string }) {
  return (
    <div role="alert" className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-100">
      <p className="font-semibold">{title}</p>
      {description && <p className="mt-0.5 text-red-100/90">{description}</p>}
    </div>
  );
}

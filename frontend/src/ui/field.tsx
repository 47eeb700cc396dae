/** The frame every labelled form control shares: its label above, its hint and error below, wired for screen readers. */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../lib/class-names';

const inputClass =
  'w-full rounded-lg border border-white/15 bg-zinc-950 px-3 py-2.5 text-base text-zinc-50 placeholder:text-zinc-500 focus:border-accent focus:outline-none aria-[invalid=true]:border-red-400 disabled:opacity-60';

export interface Labelled {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/** What a control spreads to be the frame's: its id, its invalid state and the ids of its hint and error. */
interface ControlWiring {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  className: string;
}

export function Field({
  id,
  label,
  hint,
  error,
  className,
  control,
}: Labelled & { id?: string; className?: string; control: (wiring: ControlWiring) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: inputClass })}
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

export function SelectField({ label, hint, error, id, children, ...select }: Labelled & ComponentProps<'select'>) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      control={(wiring) => (
        <select {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}

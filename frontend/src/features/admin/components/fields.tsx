/** The admin forms' select and multi-line fields: labelled, with the server's message for the field beside it. */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { inputClass } from '../../../ui/text-field';

interface Labelled {
  label: string;
  error?: string | null;
}

/**
 * A control with its label above and its error below, wired for screen readers (`aria-describedby`) like
 * TextField does for inputs: `control` gets the ids and attributes to spread.
 */
function Field({
  id,
  label,
  error,
  control,
}: Labelled & {
  id?: string;
  control: (wiring: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={controlId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {control({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        className: inputClass,
      })}
      {error && (
        <p id={errorId} className="text-sm text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function SelectField({ label, error, id, children, ...select }: Labelled & ComponentProps<'select'>) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      control={(wiring) => (
        <select {...wiring} {...select}>
          {children}
        </select>
      )}
    />
  );
}

export function TextAreaField({ label, error, id, ...area }: Labelled & ComponentProps<'textarea'>) {
  return <Field id={id} label={label} error={error} control={(wiring) => <textarea rows={4} {...wiring} {...area} />} />;
}

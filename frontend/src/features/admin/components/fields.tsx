/** The admin forms' select and multi-line fields: labelled, with the server's message for the field beside it. */
import { useId, type ComponentProps } from 'react';
import { inputClass } from '../../../ui/text-field';

interface Labelled {
  label: string;
  error?: string | null;
}

/** Wires a control to its label and error message (`aria-describedby`), like TextField does for inputs. */
function useFieldIds(id: string | undefined, error: string | null | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const errorId = `${controlId}-error`;
  return { controlId, errorId, describedBy: error ? errorId : undefined };
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="text-sm text-red-300">
      {error}
    </p>
  ) : null;
}

export function SelectField({ label, error, id, children, ...select }: Labelled & ComponentProps<'select'>) {
  const { controlId, errorId, describedBy } = useFieldIds(id, error);
  return (
    <div className="space-y-1.5">
      <label htmlFor={controlId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <select id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={inputClass} {...select}>
        {children}
      </select>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function TextAreaField({ label, error, id, ...area }: Labelled & ComponentProps<'textarea'>) {
  const { controlId, errorId, describedBy } = useFieldIds(id, error);
  return (
    <div className="space-y-1.5">
      <label htmlFor={controlId} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      <textarea
        id={controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
        rows={4}
        {...area}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

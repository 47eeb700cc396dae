/** The admin forms' multi-line field: labelled, with the server's message for the field beside it. */
import type { ComponentProps } from 'react';
import { Field, type Labelled } from '../../../ui/field';

export function TextAreaField({ label, hint, error, id, ...area }: Labelled & ComponentProps<'textarea'>) {
  return <Field id={id} label={label} hint={hint} error={error} control={(wiring) => <textarea rows={4} {...wiring} {...area} />} />;
}

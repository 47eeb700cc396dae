/** A labelled text input with its hint and error wired for screen readers, and the inline alert forms use. */
import { useEffect, useId, type ComponentProps } from 'react';
import { Field, type Labelled } from './field';

interface TextFieldProps extends ComponentProps<'input'>, Labelled {
  /** Focuses the field when it appears (the first field of a step or dialog), as autoFocus would, once it is on screen. */
  focusOnMount?: boolean;
}

export function TextField({ label, hint, error, className, id, focusOnMount = false, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  useEffect(() => {
    if (focusOnMount) document.getElementById(inputId)?.focus();
  }, [focusOnMount, inputId]);
  return (
    <Field
      id={inputId}
      label={label}
      hint={hint}
      error={error}
      className={className}
      control={(wiring) => <input {...wiring} {...input} />}
    />
  );
}

/** The e-mail a sign-in or sign-up form asks for: the same label, keyboard and autofill everywhere. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type'>) {
  return (
    <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...props} />
  );
}

/** An amount in dollars and cents: a decimal keypad, no negatives, and a step of one cent wherever a price is typed. */
export function MoneyField(props: Omit<TextFieldProps, 'type'>) {
  return <TextField type="number" min="0" step="0.01" inputMode="decimal" {...props} />;
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

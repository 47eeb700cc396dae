/** A text field's value from a submitted form, trimmed ('' for a missing field or a file). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** The non-empty ones of a group of text fields (links), by name. */
export const filledFields = (form: FormData, names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, formText(form, name)] as const).filter(([, value]) => value !== ''));

/**
 * Checks of what this app itself wrote to the browser's storage, read back as the app starts (the player's queue, the
 * merch bag, the avatar cache). Hand-written rather than zod schemas: these reads are part of the first page's code,
 * which leaves zod and the contract's schemas to load on their own while the app starts (lib/http.ts).
 */

/** A JSON object's fields, or null when the value is not an object. */
export const fieldsOf = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export const isText = (value: unknown): value is string => typeof value === 'string';
export const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isWhole = (value: unknown): value is number => Number.isSafeInteger(value);
export const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';
export const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);

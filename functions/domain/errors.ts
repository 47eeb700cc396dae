/** Typed domain errors; the HTTP edge maps each kind to a status once. */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden' | 'unauthorized';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string) => new DomainError('conflict', code, message);
export const invalid = (code: string, message: string) => new DomainError('invalid', code, message);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const unauthorized = (code: string, message: string) => new DomainError('unauthorized', code, message);

/** Ends a `switch` over a union so that a new member cannot be forgotten. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(value)}`);
}

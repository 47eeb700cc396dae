/**
 * Typed errors for the code below the HTTP edge: a decider's refusal, or an application one (a rate
 * limit, a payment system that is not configured, an upstream that failed). The edge maps each kind to
 * a status once (functions/platform/http.ts); nothing below it names a status.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'not_found'
  | 'conflict'
  | 'forbidden'
  | 'unauthorized'
  | 'rate_limited'
  | 'unavailable'
  | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: string,
    message: string,
    /** The input field the refusal is about (a form shows the message beside it). */
    readonly field?: string,
    /** Facts the answer carries beside the message (who holds what was refused, since when). */
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (code: string, message: string) => new DomainError('not_found', code, message);
export const conflict = (code: string, message: string, details?: Record<string, string>) =>
  new DomainError('conflict', code, message, undefined, details);
export const invalid = (code: string, message: string, field?: string) => new DomainError('invalid', code, message, field);
export const forbidden = (code: string, message: string) => new DomainError('forbidden', code, message);
export const unauthorized = (code: string, message: string) => new DomainError('unauthorized', code, message);
/** Too many tries in a window (sign-in codes, logins). */
export const rateLimited = (code: string, message: string) => new DomainError('rate_limited', code, message);
/** A service the request needs is not set up here (no Stripe key, no price for a plan). */
export const unavailable = (code: string, message: string) => new DomainError('unavailable', code, message);
/** A service the request needs answered with a failure (Shopify, Stripe). */
export const upstreamFailed = (code: string, message: string) => new DomainError('upstream', code, message);

/** Ends a `switch` over a union so that a new member cannot be forgotten. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value ${JSON.stringify(value)}`);
}

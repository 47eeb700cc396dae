/**
 * Failures of a service the request needed that a later try may not meet: an AWS call throttled, answered 5xx or
 * timed out after the SDK's own retries, a dropped connection, or Stripe's equivalents. The edge answers them 503
 * with Retry-After instead of a 500, since nothing is wrong with the request or with our code.
 */

/** AWS's throttling codes (the SDK's own list, for the services we call). */
const THROTTLING = new Set([
  'ThrottlingException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'SlowDown',
]);
/** A transaction DynamoDB cancelled for a reason of its own (not a condition of ours), worth another try. */
const TRANSIENT_CANCELLATIONS = new Set(['ThrottlingError', 'TransactionConflict', 'ProvisionedThroughputExceeded']);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ECONNABORTED', 'EAI_AGAIN']);
const STRIPE_TRANSIENT = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  type?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
}

export function isTransientServiceError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as ErrorShape;
  if (typeof e.type === 'string' && STRIPE_TRANSIENT.has(e.type)) return true;
  if (typeof e.name === 'string') {
    if (THROTTLING.has(e.name) || e.name === 'TimeoutError') return true;
    if (e.name === 'TransactionCanceledException')
      return (e.CancellationReasons ?? []).some((r) => r.Code !== undefined && TRANSIENT_CANCELLATIONS.has(r.Code));
  }
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  const status = e.$metadata?.httpStatusCode;
  return e.$fault === 'server' || (typeof status === 'number' && status >= 500);
}

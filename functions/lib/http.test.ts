import { describe, expect, it } from 'vitest';
import { conflict, forbidden, invalid, notFound, rateLimited, unauthorized, unavailable, upstreamFailed } from '../domain/errors.js';
import { errorResponse } from './http.js';

describe('errorResponse', () => {
  it('maps every kind of typed error to its status once, keeping its code and message', () => {
    const cases = [
      [invalid('invalid_code', 'm'), 400],
      [unauthorized('invalid_credentials', 'm'), 401],
      [forbidden('password_required', 'm'), 403],
      [notFound('not_found', 'm'), 404],
      [conflict('already_owned', 'm'), 409],
      [rateLimited('rate_limited', 'm'), 429],
      [upstreamFailed('storefront_failed', 'm'), 502],
      [unavailable('payments_unavailable', 'm'), 503],
    ] as const;
    for (const [error, status] of cases) {
      const response = errorResponse(error);
      expect(response.statusCode).toBe(status);
      expect(JSON.parse(response.body!)).toEqual({ error: error.code, message: 'm' });
    }
  });
});

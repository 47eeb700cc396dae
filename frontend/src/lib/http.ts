/** The one HTTP client: same-origin JSON calls whose answers are checked with zod (the small `zod/mini` build). */
import { z } from 'zod/mini';

/** A non-OK reply; its text is "<status>: <body or statusText>" as the spec's error catalogue reads. */
export class HttpError extends Error {
  readonly status: number;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'HttpError';
    this.status = status;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function request<Schema extends z.ZodMiniType>(
  path: string,
  schema: Schema,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<z.output<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    // The session lives in an HttpOnly cookie; the SPA never holds a token.
    credentials: 'include',
    signal,
  });

  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new HttpError(response.status, text || response.statusText);
  }

  // A body that is not JSON (say, an HTML page) fails the same way as JSON of the wrong shape.
  const answer: unknown = await response.json().catch(() => undefined);
  const parsed = z.safeParse(schema, answer);
  if (!parsed.success) {
    throw new Error(`Unexpected answer from ${method} ${path}`, { cause: parsed.error });
  }
  return parsed.data;
}

export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

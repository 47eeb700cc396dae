/** The one HTTP client: same-origin JSON calls whose answers are checked with zod (the small `zod/mini` build). */
import * as z from 'zod/mini';
import { BACKGROUND_HEADER, isBackground } from './activity';
import { askForStepUp, isStepUpRequired } from './step-up';

/** A non-OK reply; its text is "<status>: <body or statusText>" as the spec's error catalogue reads. */
export class HttpError extends Error {
  readonly status: number;
  /** The human sentence of the server's `{ error, message }` body, when it sent one. */
  readonly serverMessage: string | null;
  /** The machine word of that body (`error`: "session_corrupted", "not_found"…), when it sent one. */
  readonly code: string | null;
  /** A refused form's message per field (`{ fields: { title: '…' } }` of a 400), to show beside each field. */
  readonly fieldErrors: Readonly<Record<string, string>>;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = 'HttpError';
    this.status = status;
    const body = parseErrorBody(text);
    this.serverMessage = serverSentence(body);
    this.code = typeof body?.error === 'string' ? body.error : null;
    this.fieldErrors = fieldMessages(body);
  }
}

/** The reply's JSON object, read once for both its sentence and its field messages; null when it is not one. */
function parseErrorBody(text: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    // Not JSON: there is no server sentence to show.
    return null;
  }
}

function serverSentence(body: Record<string, unknown> | null): string | null {
  const { message, error } = body ?? {};
  if (typeof message === 'string' && message.trim()) return message;
  if (typeof error === 'string' && error.trim()) return error;
  return null;
}

function fieldMessages(body: Record<string, unknown> | null): Record<string, string> {
  const fields = body?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** The server's message per field of a refused form, if it named any. */
export const fieldErrorsOf = (error: unknown): Readonly<Record<string, string>> => (error instanceof HttpError ? error.fieldErrors : {});

/** The server's own words for a failure, if it gave any (screens fall back to their own wording). */
export const serverMessageOf = (error: unknown): string | null => (error instanceof HttpError ? error.serverMessage : null);

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, connection reset). */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;

declare global {
  interface Window {
    /** GETs index.html starts for the first page while this script downloads, by path (see takeEarlyAnswer). */
    earlyAnswers?: Record<string, Promise<Response>>;
  }
}

/** The answer index.html already asked for, once: a later call of the same path asks the server again. */
function takeEarlyAnswer(path: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.earlyAnswers;
  const answer = early?.[path];
  if (answer) delete early[path];
  return answer;
}

/**
 * Sends a request, and again once when the server asks for a fresh authenticator code (step-up) and the admin gives
 * one; the second refusal, or a cancelled dialog, is the answer. The text of a refusal is read here, once.
 */
export async function sendWithStepUp(send: () => Promise<Response>): Promise<Response> {
  const response = await send();
  if (response.ok || response.status !== 403) return response;
  const text = await response.text().catch(() => '');
  if (isStepUpRequired(response.status, text) && (await askForStepUp())) return send();
  return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** The headers every call carries: a request made while nobody is at the page says so. */
export const baseHeaders = (): Record<string, string> => (isBackground() ? { [BACKGROUND_HEADER]: '1' } : {});

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON-encoded, except a FormData (multipart uploads), which the browser encodes itself. */
  body?: unknown;
  signal?: AbortSignal;
}

export async function request<Schema extends z.ZodMiniType>(
  path: string,
  schema: Schema,
  { method = 'GET', body, signal }: RequestOptions = {},
): Promise<z.output<Schema>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...baseHeaders() };
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';

  const ask = () =>
    fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      // The session lives in an HttpOnly cookie; the SPA never holds a token.
      credentials: 'include',
      signal,
    });
  const early = method === 'GET' ? takeEarlyAnswer(path) : undefined;
  // An early request that never got an answer is asked again, as if it had not been made.
  const response = early ? await early.catch(ask) : await sendWithStepUp(ask);

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

/**
 * The one HTTP client: same-origin JSON calls to the routes of the manifest, typed from its lines and their contracts,
 * whose answers are checked with their zod schemas (the small `zod/mini` build). This module only runs the schema it is
 * given (through the Standard Schema interface every zod schema carries), so zod itself is not part of the first page's
 * code: the first page's calls pass a function that loads their schema, which downloads while the app starts.
 */
import type * as z from 'zod/mini';
// Types only: the manifest's runtime table would bring every contract's schemas into the bundle.
import type { Route } from '../../../functions/routes.js';
import { BACKGROUND_HEADER, isBackground } from './activity';
import { askForStepUp, isStepUpRequired } from './step-up';

/** A non-OK reply; its text is "<status>: <body or statusText>", which the screens' error messages match on. */
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

/** A route of the manifest by its key: its method and its path as the manifest writes it, `GET /api/albums/{id}`. */
export type RouteKey = Route['key'];
type EndpointOf<K extends RouteKey> = Extract<Route, { key: K }>['contract'];
type PathOf<K extends RouteKey> = Extract<Route, { key: K }>['path'];
/** The names of a path's `{param}` segments. */
type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;
/** The schema an endpoint gives for `part`, or never when it takes none. */
type PartOf<E, Part extends 'params' | 'query' | 'body'> = E extends { [P in Part]: infer S extends z.ZodMiniType } ? S : never;

type ParamsInput<K extends RouteKey> = [ParamNames<PathOf<K>>] extends [never]
  ? { params?: never }
  : {
      params: [PartOf<EndpointOf<K>, 'params'>] extends [never]
        ? Record<ParamNames<PathOf<K>>, string>
        : z.input<PartOf<EndpointOf<K>, 'params'>>;
    };
type QueryInput<K extends RouteKey> = [PartOf<EndpointOf<K>, 'query'>] extends [never]
  ? { query?: never }
  : object extends z.input<PartOf<EndpointOf<K>, 'query'>>
    ? { query?: z.input<PartOf<EndpointOf<K>, 'query'>> }
    : { query: z.input<PartOf<EndpointOf<K>, 'query'>> };
/** A route whose contract reads no JSON body takes a multipart form (an upload), or nothing. */
type BodyInput<K extends RouteKey> = [PartOf<EndpointOf<K>, 'body'>] extends [never]
  ? { body?: FormData }
  : undefined extends z.input<PartOf<EndpointOf<K>, 'body'>>
    ? { body?: z.input<PartOf<EndpointOf<K>, 'body'>> }
    : { body: z.input<PartOf<EndpointOf<K>, 'body'>> };

/** What a call of route K sends: its path's params, its query and its body, as its contract reads them. */
export type ApiInput<K extends RouteKey> = ParamsInput<K> & QueryInput<K> & BodyInput<K> & { signal?: AbortSignal };
/** The answer schema of route K: the contract's own, which parses the answer. */
type AnswerOf<K extends RouteKey> = EndpointOf<K>['answer'];
/** Route K's answer schema, or a function that loads it (`() => import('#contract/….js').then((c) => c.answer)`). */
type AnswerSchema<K extends RouteKey> = AnswerOf<K> | (() => Promise<AnswerOf<K>>);

/**
 * The URL of a call: the key's path with each `{param}` filled in, then the query's defined values, each encoded with
 * encodeURIComponent (a space is %20, not the `+` that only form decoding reads as a space). Query names are words.
 */
export function pathOf(key: RouteKey, params: object = {}, query: object = {}): string {
  const path = key.split(' ')[1].replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | undefined>)[name];
    // The types ask for every param; a blank one would call another route (or /undefined) without a word.
    if (value == null || value === '') throw new Error(`${key}: no ${name}`);
    return encodeURIComponent(value);
  });
  const search = Object.entries(query as Record<string, string | undefined>)
    .filter(([, value]) => value != null)
    .map(([name, value]) => `${name}=${encodeURIComponent(value as string)}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

/**
 * Calls a route of the manifest: `api('POST /api/auth/admin/step-up', adminStepUp.answer, { body })`. The key must be a
 * route's, the answer schema that route's contract's (or a function loading it), and params, query and body what its
 * contract takes; the answer is parsed with the schema. A refusal throws an HttpError (status, `{ error, message }`), a wrong answer an Error. A body
 * is sent as JSON, except a FormData (multipart uploads), which the browser encodes itself.
 */
export async function api<K extends RouteKey>(
  key: K,
  schema: AnswerSchema<K>,
  ...[input]: object extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>]
): Promise<z.output<AnswerOf<K>>> {
  const { params, query, body, signal } = (input ?? {}) as { params?: object; query?: object; body?: unknown; signal?: AbortSignal };
  const method = key.split(' ')[0];
  const path = pathOf(key, params, query);
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
  const parsed = await (typeof schema === 'function' ? await schema() : schema)['~standard'].validate(answer);
  if (parsed.issues) {
    throw new Error(`Unexpected answer from ${method} ${path}`, { cause: parsed.issues });
  }
  return parsed.value as z.output<AnswerOf<K>>;
}

export const isNotFound = (error: unknown): boolean => error instanceof HttpError && error.status === 404;

/**
 * The HTTP edge on middy: one Lambda per bounded context serves the routes the manifest gives it.
 * Every path, query and body is parsed with the route's contract; every failure leaves as `{ error, message }`, and
 * a refused input also as `fields`: one message per field path (`title`, `tracks.0.title`), for a form to show
 * beside each field.
 */
import middy from '@middy/core';
import type { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context as LambdaContext } from 'aws-lambda';
import * as z from 'zod/mini';
import { $ZodError } from 'zod/v4/core';
import './zod-english.js';
import type { Authorizer } from './authorizer.js';
import type { Endpoint } from './contract/endpoint.js';
import { DomainError, unavailable, type DomainErrorKind } from './errors.js';
import { contextsOf, routeKey, type AdminLevel, type AuthLevel, type Route, type RouteKey, type StepUp } from '../routes.js';
import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from './edge-headers.js';
import { ConcurrencyError, ReservationTakenError } from './event-store.js';
import { env } from './env.js';
import { isTransientServiceError } from './transient-errors.js';
import {
  clearedSessionCookie,
  isBackgroundRequest,
  isCorruptedSessionToken,
  resolveSession,
  SESSION_COOKIE,
  sessionCookie,
  sessionToken,
  type Session,
  type TokenSource,
} from './session.js';
import { correlatedLogger, createLogger } from './log.js';
import type { AdminPermission } from '../../events/index.js';
import { recordRecentError } from './recent-errors.js';
import { withSecrets } from './secrets.js';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** One message per input field the refusal is about. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  cookies?: string[];
}
const REPLY = Symbol('reply');
/** An answer with a status, headers or cookies; a handler may also just return the JSON body. */
export const reply = (r: Reply) => Object.assign(r, { [REPLY]: true });
const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && REPLY in v;

export interface RequestInfo {
  headers: Record<string, string | undefined>;
  cookies: string[];
  /** The viewer's address (behind CloudFront, the one CloudFront saw), which the rate limits key on. */
  sourceIp: string;
  /** Its correlation id: commands stamp it into their events, and a line logged for the request carries it. */
  requestId: string;
  /** Time the gateway received the request. */
  receivedAt: Date;
  /** The manifest route it matched, as `METHOD /path/{param}`: recorded in its events' meta, so a trace names it. */
  route: string;
  /** The body as sent (for multipart uploads; JSON bodies arrive parsed in `body`). */
  rawBody: Buffer;
  /** The request carried a session token this app cannot read (see isCorruptedSessionToken); a cookie's is cleared. */
  sessionCorrupted: boolean;
}

/** A session at an admin auth level. */
export type AdminSession = Session & { role: 'admin' };
/** What the edge has checked by the time a handler runs: `user` routes have a session, admin routes an admin's. */
type SessionAt<A extends AuthLevel> = A extends 'admin' | AdminLevel ? AdminSession : A extends 'user' ? Session : Session | null;

type RouteOf<K extends RouteKey> = Extract<Route, { key: K }>;
type Contract<K extends RouteKey> = RouteOf<K>['contract'];
type Parsed<E, Part extends string> = E extends { [P in Part]: infer S extends z.core.$ZodType } ? z.output<S> : undefined;

/** What a handler is given for a contract at an auth level. */
export interface HandlerInput<E, A extends AuthLevel> {
  params: Parsed<E, 'params'>;
  query: Parsed<E, 'query'>;
  body: Parsed<E, 'body'>;
  session: SessionAt<A>;
  request: RequestInfo;
}
/** A handler's input, its types inferred from the route's manifest line (contract and auth level). */
export type RouteInput<K extends RouteKey> = HandlerInput<Contract<K>, RouteOf<K>['auth']>;
/** The JSON answer of a route, as its contract's answer schema takes it. */
type Answer<K extends RouteKey> = z.input<Contract<K>['answer']>;
type RouteHandler<K extends RouteKey> = (input: RouteInput<K>) => Promise<Answer<K> | Reply>;

type Schema = z.core.$ZodType;

type AnyHandler = (input: {
  params: unknown;
  query: unknown;
  body: unknown;
  session: Session | null;
  request: RequestInfo;
}) => Promise<unknown>;

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  upstream: 502,
  unavailable: 503,
};

function describeZodError(error: $ZodError, where: string): string {
  const issue = error.issues[0];
  const path = issue?.path.length ? issue.path.join('.') : where;
  return `Invalid ${path}: ${issue?.message ?? 'bad value'}`;
}

/** The first message for each field path of a parse failure (`where` for an issue about the whole part). */
export function fieldMessages(error: $ZodError, where: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.length ? issue.path.join('.') : where] ??= issue.message;
  return fields;
}

function json(status: number, body: unknown, extra: Reply = {}): APIGatewayProxyStructuredResultV2 {
  const headers = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra.headers };
  // A text answer (a CSV export) names its own content type and goes out as it is.
  const text = typeof body === 'string' && headers['content-type'].startsWith('text/');
  return {
    statusCode: status,
    headers,
    cookies: extra.cookies,
    body: body === undefined ? '' : text ? body : JSON.stringify(body),
  };
}

const errorBody = (code: string, message: string, fields?: Record<string, string>) => ({
  error: code,
  message,
  ...(fields ? { fields } : {}),
});

function parsePart(schema: Schema | undefined, value: unknown, where: string) {
  if (!schema) return undefined;
  const result = z.safeParse(schema, value);
  if (!result.success) {
    throw new HttpError(400, 'invalid_request', describeZodError(result.error, where), fieldMessages(result.error, where));
  }
  return result.data;
}

/** An answer the handler gave that its contract does not allow: a bug to fix, answered as one (500), never sent out. */
class AnswerOutsideContractError extends Error {}

/**
 * A 2xx answer goes out as its contract's answer schema reads it: a field the contract does not name (a hash, a
 * token, an internal flag a view carries) is stripped, whatever the handler put in.
 */
function answerByContract(route: string, contract: Endpoint, status: number, body: unknown): unknown {
  if (status < 200 || status >= 300 || body === undefined) return body;
  const result = z.safeParse(contract.answer, body);
  if (!result.success)
    throw new AnswerOutsideContractError(`${route} answered outside its contract: ${describeZodError(result.error, 'answer')}`);
  return result.data;
}

const rawBodyOf = (event: APIGatewayProxyEventV2): Buffer =>
  event.body ? Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);

function parseBody(event: APIGatewayProxyEventV2, schema: Schema | undefined) {
  if (!schema) return undefined;
  const raw = rawBodyOf(event).toString('utf8');
  let value: unknown = {};
  if (raw.trim()) {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
    }
  }
  return parsePart(schema, value, 'body');
}

function isAllowedOrigin(origin: string, host: string | undefined): boolean {
  const allowed = env()
    .APP_ORIGIN.split(',')
    .map((o) => o.trim());
  if (allowed.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Unsafe methods must come from our own origin; a browser always sends Origin on them. */
function checkOrigin(event: APIGatewayProxyEventV2, source: TokenSource | null) {
  if (!['POST', 'PUT', 'DELETE', 'PATCH'].includes(event.requestContext.http.method)) return;
  const origin = event.headers.origin;
  if (origin ? !isAllowedOrigin(origin, event.headers.host) : source === 'cookie') {
    throw new HttpError(403, 'forbidden_origin', 'This request must come from the app itself');
  }
}

function sameSecret(given: string | undefined, expected: string): boolean {
  const [a, b] = [Buffer.from(given ?? ''), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Where the request comes from. With an origin secret set, only a request carrying it (one CloudFront sent) is served,
 * and its viewer is the address CloudFront saw (`CloudFront-Viewer-Address: <ip>:<port>`, set by CloudFront, never the
 * viewer's own); the connection's address would be CloudFront's, one for a whole city of listeners.
 */
function viewerAddress(event: APIGatewayProxyEventV2): string {
  const secret = env().ORIGIN_SECRET;
  if (secret === undefined) return event.requestContext.http.sourceIp;
  if (!sameSecret(event.headers[ORIGIN_HEADER], secret)) {
    throw new HttpError(403, 'forbidden_origin', 'This API answers only through the app’s own address');
  }
  const viewer = event.headers[VIEWER_ADDRESS_HEADER]?.replace(/:\d+$/, '').replace(/^\[(.*)\]$/, '$1');
  return viewer || event.requestContext.http.sourceIp;
}

/** What each admin permission lets a person do, in the words a refusal uses. */
const permissionWork: Record<AdminLevel, string> = {
  'admin:catalogue': 'run the catalogue',
  'admin:people': 'look after people',
  'admin:money': 'handle money',
  'admin:operations': 'run operations',
  'admin:owner': 'change who may do what',
};

/**
 * A session token the app cannot read (tampered, or signed before a key rotation) is told apart from no session: the
 * SPA shows no user and asks again a moment later, when the cleared cookie has gone.
 */
export const sessionCorruptedError = () => new HttpError(401, 'session_corrupted', 'Your session could not be read. Please sign in again.');

function authorize(authorizer: Authorizer, level: AuthLevel, session: Session | null, sessionCorrupted: boolean) {
  if (level === 'guest') return;
  if (!session) throw sessionCorrupted ? sessionCorruptedError() : new HttpError(401, 'unauthorized', 'Not authenticated');
  if (level === 'user') return;
  if (session.role !== 'admin') throw new HttpError(403, 'forbidden', 'Admin access required');
  if (level !== 'admin' && !authorizer.mayAct(session.permissions, level.slice('admin:'.length) as AdminPermission)) {
    throw new HttpError(
      403,
      'permission_required',
      `Your admin account may not ${permissionWork[level]}: ask an owner for this permission`,
    );
  }
}

/** A sensitive act goes through only within 5 minutes of a fresh code of the admin's authenticator app. */
async function checkStepUp(authorizer: Authorizer, stepUp: StepUp | undefined, body: unknown, session: Session | null, now: Date) {
  if (!stepUp || !session || (stepUp !== true && !stepUp(body))) return;
  if (!(await authorizer.steppedUp(session.sessionId, now))) {
    throw new HttpError(403, 'step_up_required', 'Enter a fresh code from your authenticator app to do this');
  }
}

/** Seconds a client is asked to wait before it tries a 503 again: about as long as a throttle or a service's hiccup lasts. */
const RETRY_AFTER_SECONDS = 2;

/** The answer to `error`; `logger` (the request's, with its correlation id) notes a busy service and an unhandled error. */
export function errorResponse(error: unknown, logger?: Logger): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) return json(error.status, errorBody(error.code, error.message, error.fields));
  if (isTransientServiceError(error)) {
    // The SDK's retries ran out on a throttle, a 5xx or a timeout: the service is busy, not our code broken.
    logger?.warn('service unavailable after retries', { error: error as Error });
    error = unavailable('service_busy', 'We are busy right now; please try again in a moment');
  }
  if (error instanceof DomainError) {
    const status = statusOfKind[error.kind];
    const body = { ...error.details, ...errorBody(error.code, error.message, error.field ? { [error.field]: error.message } : undefined) };
    return json(status, body, status === 503 ? { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } } : {});
  }
  if (error instanceof $ZodError) {
    return json(400, errorBody('invalid_request', describeZodError(error, 'request'), fieldMessages(error, 'request')));
  }
  if (error instanceof ConcurrencyError)
    return json(409, errorBody('conflict', 'Someone else changed this at the same time; please try again'));
  if (error instanceof ReservationTakenError) return json(409, errorBody('conflict', error.message));
  logger?.error('unhandled', { error: error as Error });
  return json(500, errorBody('internal', 'Something went wrong on our side. Please try again.'));
}

/**
 * The Lambda handler of one bounded context: given the context's slice of the manifest (`adminOpsRoutes`, say: its
 * bundle then carries no other context's lines and contracts), one handler per line of it, keyed as `METHOD /path`.
 * The authorizer tells the edge who a session's caller is now and what an admin may do (accounts gives the one in use).
 */
export function contextHandler<R extends Route>(
  lines: readonly R[],
  authorizer: Authorizer,
  handlers: { [K in R['key']]: RouteHandler<K> },
) {
  const contexts = contextsOf(lines);
  if (contexts.length !== 1) throw new Error(`one context’s manifest lines, not ${contexts.join(', ') || 'none'}`);
  const [context] = contexts;
  const logger = createLogger(`http-${context}`);
  /** The error's answer; an unhandled one (a 500) is also kept for the sync manager's latest errors. */
  const answerToError = async (error: unknown, correlationId: string) => {
    const requestLogger = correlatedLogger(logger, correlationId);
    const response = errorResponse(error, requestLogger);
    if (response.statusCode === 500) {
      await recordRecentError(`http-${context}`, error, { correlationId }).catch((failure: unknown) =>
        requestLogger.warn('the error was not kept for the sync manager', { error: String(failure) }),
      );
    }
    return response;
  };
  const manifest = new Map<string, Route>(lines.map((r) => [routeKey(r), r]));
  const definitions = handlers as unknown as Record<string, AnyHandler>;
  for (const key of manifest.keys()) if (!definitions[key]) throw new Error(`${context}: no handler for ${key}`);
  for (const key of Object.keys(definitions)) if (!manifest.has(key)) throw new Error(`${context}: ${key} is not in routes.ts`);

  const handler = middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(injectLambdaContext(logger))
    .use({
      onError: async (request) => {
        const { requestId } = (request.event as APIGatewayProxyEventV2).requestContext;
        request.response = await answerToError(request.error, requestId);
      },
    })
    .handler(async (event: APIGatewayProxyEventV2) => {
      // A HEAD route (the API has one beside each GET route) is answered as its GET; the edge sends no body.
      const key = event.routeKey.startsWith('HEAD ') ? `GET ${event.routeKey.slice('HEAD '.length)}` : event.routeKey;
      const spec = manifest.get(key);
      if (!spec) throw new HttpError(404, 'not_found', `No route for ${event.routeKey}`);
      const handle = definitions[key];
      const contract: Endpoint = spec.contract;
      const sourceIp = viewerAddress(event);
      const token = sessionToken(event.headers, event.cookies);
      checkOrigin(event, token?.source ?? null);
      const resolved = token
        ? await resolveSession(authorizer, token.token, new Date(event.requestContext.timeEpoch), {
            background: isBackgroundRequest(event.headers),
          })
        : null;
      const session = resolved?.session ?? null;
      const sessionCorrupted =
        token !== null && !resolved && (await isCorruptedSessionToken(token.token, new Date(event.requestContext.timeEpoch)));
      // A cookie past half its life is renewed (rolling expiry); a dead one (tampered, expired, revoked) is cleared.
      const sessionCookies =
        token?.source !== 'cookie'
          ? []
          : !resolved
            ? [clearedSessionCookie()]
            : resolved.renewedToken
              ? [sessionCookie(resolved.renewedToken)]
              : [];
      try {
        authorize(authorizer, spec.auth, session, sessionCorrupted);
        const params = parsePart(contract.params, event.pathParameters ?? {}, 'path');
        const query = parsePart(contract.query, event.queryStringParameters ?? {}, 'query');
        const body = parseBody(event, contract.body);
        await checkStepUp(authorizer, spec.stepUp, body, session, new Date(event.requestContext.timeEpoch));
        const result = await handle({
          params,
          query,
          body,
          session,
          request: {
            headers: event.headers,
            cookies: event.cookies ?? [],
            sourceIp,
            requestId: event.requestContext.requestId,
            receivedAt: new Date(event.requestContext.timeEpoch),
            route: event.routeKey,
            rawBody: rawBodyOf(event),
            sessionCorrupted,
          },
        });
        const given = isReply(result) ? result : { body: result };
        const answer = { ...given, body: answerByContract(key, contract, given.status ?? 200, given.body) };
        // The handler's own session cookie (a sign-in, a logout) wins over the edge's renewal.
        const own = (answer.cookies ?? []).some((c) => c.startsWith(`${SESSION_COOKIE}=`));
        const cookies = [...(own ? [] : sessionCookies), ...(answer.cookies ?? [])];
        return json(answer.status ?? 200, answer.body, { ...answer, cookies: cookies.length ? cookies : undefined });
      } catch (error) {
        // Even a refusal clears a dead session cookie.
        if (!sessionCookies.length) throw error;
        return { ...(await answerToError(error, event.requestContext.requestId)), cookies: sessionCookies };
      }
    });
  return withSecrets((event: APIGatewayProxyEventV2, lambdaContext: LambdaContext) => handler(event, lambdaContext));
}

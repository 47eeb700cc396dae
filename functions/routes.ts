/**
 * The HTTP manifest: one line per route. The local gateway and the CDK HttpApi both route from it;
 * each context is one Lambda (functions/http/<context>.ts) whose handler serves exactly its routes.
 */
export type AuthLevel = 'guest' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Context = 'catalogue' | 'plays' | 'platform';

export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway style path: /api/albums/{id}. */
  path: string;
  context: Context;
  auth: AuthLevel;
}

const route = (method: HttpMethod, path: string, context: Context, auth: AuthLevel): RouteSpec => ({ method, path, context, auth });

export const routes: RouteSpec[] = [
  route('GET', '/api/albums', 'catalogue', 'guest'),
  route('GET', '/api/albums/{id}', 'catalogue', 'guest'),
  route('GET', '/api/albums/{id}/tracks', 'catalogue', 'guest'),
  route('GET', '/api/albums/by-artist/{id}', 'catalogue', 'guest'),
  route('GET', '/api/artists', 'catalogue', 'guest'),
  route('GET', '/api/artists/{id}', 'catalogue', 'guest'),
  route('GET', '/api/tracks/{id}/lyrics', 'catalogue', 'guest'),
  route('POST', '/api/albums/{id}/update-stats', 'plays', 'guest'),
  route('POST', '/api/track-play', 'plays', 'guest'),
  route('GET', '/api/deployment-status', 'platform', 'guest'),
];

export const routeKey = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;
export const contexts = [...new Set(routes.map((r) => r.context))];

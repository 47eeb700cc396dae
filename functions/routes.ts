/**
 * The HTTP manifest: one line per route. The local gateway and the CDK HttpApi both route from it;
 * each context is one Lambda (functions/http/<context>.ts) whose handler serves exactly its routes.
 */
export type AuthLevel = 'guest' | 'user' | 'admin';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Context =
  | 'catalogue'
  | 'plays'
  | 'platform'
  | 'band'
  | 'library'
  | 'search'
  | 'accounts'
  | 'notifications'
  | 'commerce'
  | 'membership'
  | 'merch'
  | 'stripe-webhook';

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
  route('POST', '/api/band/fan-signup', 'band', 'guest'),
  route('GET', '/api/library/albums', 'library', 'user'),
  route('GET', '/api/library/tracks', 'library', 'user'),
  route('POST', '/api/library/add-album', 'library', 'user'),
  route('DELETE', '/api/library/remove-album', 'library', 'user'),
  route('GET', '/api/favorites', 'library', 'user'),
  route('POST', '/api/favorites', 'library', 'user'),
  route('DELETE', '/api/favorites', 'library', 'user'),
  route('POST', '/api/listening-history', 'library', 'user'),
  route('GET', '/api/recently-played', 'library', 'user'),
  route('GET', '/api/search', 'search', 'guest'),
  route('GET', '/api/search/suggestions', 'search', 'guest'),
  route('GET', '/api/playlists', 'search', 'guest'),
  route('GET', '/api/playlists/{id}', 'search', 'guest'),
  route('POST', '/api/auth/smart-signin', 'accounts', 'guest'),
  route('POST', '/api/auth/send-magic-auth-link', 'accounts', 'guest'),
  route('POST', '/api/auth/send-magic-link', 'accounts', 'guest'),
  route('POST', '/api/auth/verify-code', 'accounts', 'guest'),
  route('POST', '/api/auth/free-signup', 'accounts', 'guest'),
  route('GET', '/api/auth/verify-magic-link', 'accounts', 'guest'),
  route('GET', '/api/auth/verify-email', 'accounts', 'guest'),
  route('POST', '/api/auth/login', 'accounts', 'guest'),
  route('POST', '/api/users/beta-signup', 'accounts', 'guest'),
  route('POST', '/api/auth/logout', 'accounts', 'guest'),
  route('GET', '/api/auth/logout', 'accounts', 'guest'),
  route('POST', '/api/auth/pending-action', 'accounts', 'guest'),
  route('GET', '/api/auth/pending-action', 'accounts', 'guest'),
  route('GET', '/api/session/validate', 'accounts', 'guest'),
  route('GET', '/api/users/me', 'accounts', 'user'),
  route('PUT', '/api/users/{id}', 'accounts', 'user'),
  route('POST', '/api/avatar-upload', 'accounts', 'user'),
  route('GET', '/api/notifications', 'notifications', 'user'),
  route('GET', '/api/notifications/count', 'notifications', 'user'),
  route('PUT', '/api/notifications/{id}/read', 'notifications', 'user'),
  route('PUT', '/api/notifications/read-all', 'notifications', 'user'),
  route('DELETE', '/api/notifications/{id}', 'notifications', 'user'),
  route('GET', '/api/cart', 'commerce', 'guest'),
  route('POST', '/api/cart/add', 'commerce', 'user'),
  route('DELETE', '/api/cart/{id}', 'commerce', 'user'),
  route('DELETE', '/api/cart', 'commerce', 'user'),
  route('DELETE', '/api/cart/clear', 'commerce', 'user'),
  route('POST', '/api/cart/clear', 'commerce', 'user'),
  route('POST', '/api/cart/sync', 'commerce', 'user'),
  route('POST', '/api/cart/checkout', 'commerce', 'user'),
  route('POST', '/api/simple-checkout', 'commerce', 'user'),
  route('POST', '/api/stripe/verify-cart-purchase', 'commerce', 'user'),
  route('GET', '/api/purchases/check-session/{sessionId}', 'commerce', 'user'),
  route('GET', '/api/stripe/product/{productId}', 'commerce', 'guest'),
  route('GET', '/api/purchases', 'commerce', 'user'),
  route('GET', '/api/library/purchased-albums', 'commerce', 'user'),
  route('GET', '/api/downloads/{albumId}', 'commerce', 'user'),
  route('POST', '/api/stripe/webhook', 'stripe-webhook', 'guest'),
  route('POST', '/api/subscription/checkout', 'membership', 'user'),
  route('POST', '/api/subscription/checkout/hosted', 'membership', 'user'),
  route('POST', '/api/create-subscription', 'membership', 'guest'),
  route('GET', '/api/subscription/me', 'membership', 'user'),
  route('GET', '/api/subscription/status', 'membership', 'guest'),
  route('POST', '/api/subscription/cancel', 'membership', 'user'),
  route('POST', '/api/stripe/verify-checkout', 'membership', 'user'),
  route('POST', '/api/shopify/check-subscription', 'membership', 'guest'),
  route('GET', '/api/exclusive-content', 'membership', 'guest'),
  route('GET', '/api/exclusive-videos', 'membership', 'guest'),
  route('GET', '/api/video-by-slug/{slug}', 'membership', 'guest'),
  route('GET', '/api/shopify/products', 'merch', 'guest'),
  route('GET', '/api/shopify/collections', 'merch', 'guest'),
  route('POST', '/api/shopify/create-cart', 'merch', 'guest'),
];

export const routeKey = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;
export const contexts = [...new Set(routes.map((r) => r.context))];

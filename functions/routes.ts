/**
 * The HTTP manifest: one line per route, naming its contract (the zod schemas of its params, query, body and
 * answer, in functions/<context>/contract/<name>.ts). The local gateway and the CDK HttpApi both route from it; each
 * context is one Lambda (functions/<context>/http/<name>.ts, found by infra/aws/entries.ts) whose handler serves exactly its routes, with its input
 * parsed by, and its types inferred from, the route's line. The lines are grouped in one slice per context; a Lambda
 * imports only its own slice, so its bundle carries no other context's lines or contracts.
 */
import * as accounts from './accounts/contract/accounts.js';
import * as adminCatalogue from './catalogue/contract/admin-catalogue.js';
import * as adminPlaylists from './catalogue/contract/admin-playlists.js';
import * as adminPeople from './accounts/contract/admin-people.js';
import * as adminHistory from './operations/contract/admin-history.js';
import * as adminSales from './commerce/contract/admin-sales.js';
import * as adminDashboard from './dashboard/contract/admin-dashboard.js';
import * as adminStatements from './statements/contract/admin-statements.js';
import * as adminOps from './operations/contract/admin-ops.js';
import * as band from './band/contract/band.js';
import * as catalogue from './catalogue/contract/catalogue.js';
import * as commerce from './commerce/contract/commerce.js';
import type { Endpoint } from './platform/contract/endpoint.js';
import type { AdminPermission } from '../events/index.js';
import * as library from './library/contract/library.js';
import * as membership from './commerce/contract/membership.js';
import * as merch from './merch/contract/merch.js';
import * as notifications from './notifications/contract/notifications.js';
import * as platform from './operations/contract/platform.js';
import * as plays from './listening/contract/plays.js';
import * as search from './search/contract/search.js';
import * as stripeWebhook from './commerce/contract/stripe-webhook.js';
import * as userData from './accounts/contract/user-data.js';

/**
 * Who may call a route: anyone, a signed-in person, any admin, or an admin with one permission (an owner holds them
 * all). The edge checks it before the handler runs (functions/platform/http.ts).
 */
export type AuthLevel = 'guest' | 'user' | 'admin' | AdminLevel;
export type AdminLevel = `admin:${AdminPermission}`;
export const adminLevels = [
  'admin:catalogue',
  'admin:people',
  'admin:money',
  'admin:operations',
  'admin:owner',
] as const satisfies AdminLevel[];
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
  | 'stripe-webhook'
  | 'user-data'
  | 'admin-catalogue'
  | 'admin-people'
  | 'admin-history'
  | 'admin-sales'
  | 'admin-dashboard'
  | 'admin-statements'
  | 'admin-ops';

export interface RouteSpec {
  method: HttpMethod;
  /** API Gateway style path: /api/albums/{id}. */
  path: string;
  context: Context;
  auth: AuthLevel;
  contract: Endpoint;
  /** A sensitive act: the admin gave a fresh code of their authenticator app (step-up), always or for such a body. */
  stepUp?: StepUp;
}

/** When a route asks for a fresh code: always, or only for a body it names (a redrive of everything, say). */
export type StepUp = true | ((body: unknown) => boolean);

/**
 * Marked free of side effects (as the contracts' `endpoint` and zod's builders are), like the slices' combining below:
 * a bundle drops the slices it does not import, and package.json's sideEffects lets it drop the contracts they name.
 */
// @__NO_SIDE_EFFECTS__
const route = <M extends HttpMethod, P extends string, C extends Context, A extends AuthLevel, E extends Endpoint>(
  method: M,
  path: P,
  context: C,
  auth: A,
  contract: E,
  options: { stepUp?: StepUp } = {},
) => {
  const key: `${M} ${P}` = `${method} ${path}`;
  return { method, path, context, auth, contract, key, ...options };
};
const stepUp = { stepUp: true } as const;

/** A manifest line of one context: each slice below holds only its context's lines. */
type Line<C extends Context> = { context: C };

// One line per route, however long: the manifest reads as a table, one slice per context (its Lambda is handed it).
// oxfmt-ignore
export const catalogueRoutes = [
  route('GET', '/api/albums', 'catalogue', 'guest', catalogue.listAlbums),
  route('GET', '/api/albums/{id}', 'catalogue', 'guest', catalogue.getAlbum),
  route('GET', '/api/albums/{id}/tracks', 'catalogue', 'guest', catalogue.getAlbumTracks),
  route('GET', '/api/albums/by-artist/{id}', 'catalogue', 'guest', catalogue.listArtistAlbums),
  route('GET', '/api/artists', 'catalogue', 'guest', catalogue.listArtists),
  route('GET', '/api/artists/{id}', 'catalogue', 'guest', catalogue.getArtist),
  route('GET', '/api/tracks/{id}/lyrics', 'catalogue', 'guest', catalogue.getLyrics),
  route('GET', '/api/featured-album', 'catalogue', 'guest', catalogue.getFeaturedAlbum),
] satisfies Line<'catalogue'>[];

// oxfmt-ignore
export const playsRoutes = [
  route('POST', '/api/albums/{id}/update-stats', 'plays', 'guest', plays.updateAlbumStats),
  route('POST', '/api/track-play/start', 'plays', 'guest', plays.startTrackPlay),
  route('POST', '/api/track-play', 'plays', 'guest', plays.recordTrackPlay),
] satisfies Line<'plays'>[];

// oxfmt-ignore
export const platformRoutes = [
  route('GET', '/api/deployment-status', 'platform', 'guest', platform.deploymentStatus),
] satisfies Line<'platform'>[];

// oxfmt-ignore
export const bandRoutes = [
  route('POST', '/api/band/fan-signup', 'band', 'guest', band.fanSignup),
  route('POST', '/api/band/fan-signup/confirm', 'band', 'guest', band.confirmFanSignup),
  route('GET', '/api/band/tracks', 'band', 'guest', band.listBandTracks),
] satisfies Line<'band'>[];

// oxfmt-ignore
export const libraryRoutes = [
  route('GET', '/api/library/albums', 'library', 'user', library.listLibraryAlbums),
  route('GET', '/api/library/tracks', 'library', 'user', library.listLibraryTracks),
  route('POST', '/api/library/add-album', 'library', 'user', library.addAlbum),
  route('DELETE', '/api/library/remove-album', 'library', 'user', library.removeAlbum),
  route('GET', '/api/favorites', 'library', 'user', library.listFavorites),
  route('POST', '/api/favorites', 'library', 'user', library.addFavorite),
  route('DELETE', '/api/favorites', 'library', 'user', library.removeFavorite),
  route('POST', '/api/listening-history', 'library', 'user', library.recordListening),
  route('GET', '/api/recently-played', 'library', 'user', library.listRecentlyPlayed),
] satisfies Line<'library'>[];

// oxfmt-ignore
export const searchRoutes = [
  route('GET', '/api/search', 'search', 'guest', search.search),
  route('GET', '/api/search/suggestions', 'search', 'guest', search.suggestions),
  route('GET', '/api/playlists', 'search', 'guest', search.listPlaylists),
  route('GET', '/api/playlists/{id}', 'search', 'guest', search.getPlaylist),
] satisfies Line<'search'>[];

// oxfmt-ignore
export const accountsRoutes = [
  route('POST', '/api/auth/smart-signin', 'accounts', 'guest', accounts.smartSignIn),
  route('POST', '/api/auth/send-magic-auth-link', 'accounts', 'guest', accounts.sendSignUpLink),
  route('POST', '/api/auth/send-magic-link', 'accounts', 'guest', accounts.sendSignUpLink),
  route('POST', '/api/auth/verify-code', 'accounts', 'guest', accounts.verifyCode),
  route('POST', '/api/auth/free-signup', 'accounts', 'guest', accounts.freeSignup),
  route('POST', '/api/auth/verify-magic-link', 'accounts', 'guest', accounts.verifyMagicLink),
  route('POST', '/api/auth/verify-email', 'accounts', 'guest', accounts.verifyEmail),
  route('POST', '/api/auth/login', 'accounts', 'guest', accounts.login),
  route('POST', '/api/auth/admin/totp/enrolment', 'accounts', 'guest', accounts.adminTotpEnrolment),
  route('POST', '/api/auth/admin/totp/confirm', 'accounts', 'guest', accounts.adminTotpConfirm),
  route('POST', '/api/auth/admin/totp/verify', 'accounts', 'guest', accounts.adminTotpVerify),
  route('POST', '/api/auth/admin/step-up', 'accounts', 'admin', accounts.adminStepUp),
  route('POST', '/api/auth/admin/enrolment', 'accounts', 'guest', accounts.adminEnrolment),
  route('POST', '/api/auth/admin/enrolment/complete', 'accounts', 'guest', accounts.adminEnrolmentComplete),
  route('POST', '/api/users/beta-signup', 'accounts', 'guest', accounts.betaSignup),
  route('POST', '/api/auth/logout', 'accounts', 'guest', accounts.logout),
  route('GET', '/api/auth/logout', 'accounts', 'guest', accounts.logoutPage),
  route('POST', '/api/auth/pending-action', 'accounts', 'guest', accounts.savePendingAction),
  route('GET', '/api/auth/pending-action', 'accounts', 'guest', accounts.getPendingAction),
  route('POST', '/api/auth/pending-action/take', 'accounts', 'guest', accounts.takePendingAction),
  route('GET', '/api/session/validate', 'accounts', 'guest', accounts.validateSession),
  route('GET', '/api/users/me', 'accounts', 'user', accounts.me),
  route('PUT', '/api/users/{id}', 'accounts', 'user', accounts.updateProfile),
  route('POST', '/api/users/me/email', 'accounts', 'user', accounts.startEmailChange),
  route('POST', '/api/users/me/email/confirm', 'accounts', 'user', accounts.confirmEmailChange),
  route('POST', '/api/avatar-upload', 'accounts', 'user', accounts.uploadAvatar),
] satisfies Line<'accounts'>[];

// oxfmt-ignore
export const userDataRoutes = [
  route('GET', '/api/users/me/export', 'user-data', 'user', userData.exportMyData),
  route('POST', '/api/users/me/deletion', 'user-data', 'user', userData.requestDeletion),
  route('POST', '/api/users/me/deletion/confirm', 'user-data', 'user', userData.confirmDeletion),
] satisfies Line<'user-data'>[];

// oxfmt-ignore
export const notificationsRoutes = [
  route('GET', '/api/notifications', 'notifications', 'user', notifications.listNotifications),
  route('GET', '/api/notifications/count', 'notifications', 'user', notifications.countUnread),
  route('PUT', '/api/notifications/{id}/read', 'notifications', 'user', notifications.markRead),
  route('PUT', '/api/notifications/read-all', 'notifications', 'user', notifications.markAllRead),
  route('DELETE', '/api/notifications/{id}', 'notifications', 'user', notifications.deleteNotification),
] satisfies Line<'notifications'>[];

// oxfmt-ignore
export const commerceRoutes = [
  route('GET', '/api/cart', 'commerce', 'guest', commerce.getCart),
  route('POST', '/api/cart/add', 'commerce', 'user', commerce.addToCart),
  route('DELETE', '/api/cart/{id}', 'commerce', 'user', commerce.removeFromCart),
  route('DELETE', '/api/cart', 'commerce', 'user', commerce.clearCart),
  route('DELETE', '/api/cart/clear', 'commerce', 'user', commerce.clearCart),
  route('POST', '/api/cart/clear', 'commerce', 'user', commerce.clearCart),
  route('POST', '/api/cart/sync', 'commerce', 'user', commerce.syncGuestCart),
  route('POST', '/api/cart/checkout', 'commerce', 'user', commerce.startCheckout),
  route('POST', '/api/simple-checkout', 'commerce', 'user', commerce.startHostedCheckout),
  route('POST', '/api/stripe/verify-cart-purchase', 'commerce', 'user', commerce.verifyCartPurchase),
  route('GET', '/api/purchases/check-session/{sessionId}', 'commerce', 'user', commerce.checkSession),
  route('GET', '/api/stripe/product/{productId}', 'commerce', 'guest', commerce.getStripeProduct),
  route('GET', '/api/purchases', 'commerce', 'user', commerce.listPurchases),
  route('GET', '/api/library/purchased-albums', 'commerce', 'user', commerce.listPurchasedAlbums),
  route('GET', '/api/downloads/{albumId}', 'commerce', 'user', commerce.download),
] satisfies Line<'commerce'>[];

// oxfmt-ignore
export const stripeWebhookRoutes = [
  route('POST', '/api/stripe/webhook', 'stripe-webhook', 'guest', stripeWebhook.webhook),
] satisfies Line<'stripe-webhook'>[];

// oxfmt-ignore
export const membershipRoutes = [
  route('POST', '/api/subscription/checkout', 'membership', 'user', membership.startPlanCheckout),
  route('POST', '/api/subscription/checkout/hosted', 'membership', 'user', membership.startHostedPlanCheckout),
  route('POST', '/api/create-subscription', 'membership', 'guest', membership.createSubscription),
  route('GET', '/api/subscription/me', 'membership', 'user', membership.getSubscription),
  route('GET', '/api/subscription/status', 'membership', 'guest', membership.subscriptionStatus),
  route('POST', '/api/subscription/cancel', 'membership', 'user', membership.cancelSubscription),
  route('POST', '/api/subscription/resume', 'membership', 'user', membership.resumeSubscription),
  route('POST', '/api/subscription/portal', 'membership', 'user', membership.openBillingPortal),
  route('POST', '/api/stripe/verify-checkout', 'membership', 'user', membership.verifyCheckout),
  route('POST', '/api/shopify/check-subscription', 'membership', 'user', membership.checkSubscription),
  route('GET', '/api/exclusive-content', 'membership', 'guest', membership.listExclusiveContent),
  route('GET', '/api/exclusive-videos', 'membership', 'guest', membership.listExclusiveVideos),
  route('GET', '/api/video-by-slug/{slug}', 'membership', 'guest', membership.getVideo),
] satisfies Line<'membership'>[];

// oxfmt-ignore
export const merchRoutes = [
  route('GET', '/api/shopify/products', 'merch', 'guest', merch.listProducts),
  route('GET', '/api/shopify/collections', 'merch', 'guest', merch.listCollections),
  route('POST', '/api/shopify/create-cart', 'merch', 'guest', merch.createCart),
  route('GET', '/api/shopify/member-discount', 'merch', 'guest', merch.getMemberDiscount),
  route('GET', '/api/shopify/cart-status', 'merch', 'guest', merch.getCartStatus),
  route('POST', '/api/shopify/webhook', 'merch', 'guest', merch.shopifyWebhook),
] satisfies Line<'merch'>[];

// oxfmt-ignore
export const adminCatalogueRoutes = [
  route('GET', '/api/admin/artists', 'admin-catalogue', 'admin:catalogue', adminCatalogue.listArtists),
  route('POST', '/api/admin/artists', 'admin-catalogue', 'admin:catalogue', adminCatalogue.createArtist),
  route('PUT', '/api/admin/artists/{id}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.changeArtist),
  route('POST', '/api/admin/artists/{id}/archive', 'admin-catalogue', 'admin:catalogue', adminCatalogue.archiveArtist),
  route('POST', '/api/admin/artists/{id}/avatar', 'admin-catalogue', 'admin:catalogue', adminCatalogue.uploadArtistImage),
  route('POST', '/api/admin/artists/{id}/header', 'admin-catalogue', 'admin:catalogue', adminCatalogue.uploadArtistImage),
  route('POST', '/api/admin/albums', 'admin-catalogue', 'admin:catalogue', adminCatalogue.createDraft),
  route('GET', '/api/admin/albums/{id}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.getRelease),
  route('PUT', '/api/admin/albums/{id}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.changeDraft),
  route('POST', '/api/admin/albums/{id}/uploads', 'admin-catalogue', 'admin:catalogue', adminCatalogue.startUpload),
  route('POST', '/api/admin/albums/{id}/tracks', 'admin-catalogue', 'admin:catalogue', adminCatalogue.addTrack),
  route('PUT', '/api/admin/albums/{id}/artwork', 'admin-catalogue', 'admin:catalogue', adminCatalogue.setArtwork),
  route('DELETE', '/api/admin/albums/{id}/tracks/{trackId}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.removeTrack),
  route('PUT', '/api/admin/albums/{id}/tracks/order', 'admin-catalogue', 'admin:catalogue', adminCatalogue.reorderTracks),
  route('PUT', '/api/admin/albums/{id}/tracks/{trackId}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.changeTrack),
  route('PUT', '/api/admin/albums/{id}/tracks/{trackId}/band-page', 'admin-catalogue', 'admin:catalogue', adminCatalogue.showOnBandPage),
  route('PUT', '/api/admin/albums/{id}/tracks/{trackId}/instrumental', 'admin-catalogue', 'admin:catalogue', adminCatalogue.attachInstrumental),
  route('DELETE', '/api/admin/albums/{id}/tracks/{trackId}/instrumental', 'admin-catalogue', 'admin:catalogue', adminCatalogue.detachInstrumental),
  route('POST', '/api/admin/albums/{id}/publish', 'admin-catalogue', 'admin:catalogue', adminCatalogue.publishRelease),
  route('POST', '/api/admin/albums/{id}/schedule', 'admin-catalogue', 'admin:catalogue', adminCatalogue.scheduleRelease),
  route('DELETE', '/api/admin/albums/{id}/schedule', 'admin-catalogue', 'admin:catalogue', adminCatalogue.unscheduleRelease),
  route('POST', '/api/admin/albums/{id}/unpublish', 'admin-catalogue', 'admin:catalogue', adminCatalogue.unpublishRelease),
  route('POST', '/api/admin/albums/{id}/republish', 'admin-catalogue', 'admin:catalogue', adminCatalogue.republishRelease),
  route('GET', '/api/admin/releases', 'admin-catalogue', 'admin:catalogue', adminCatalogue.releaseBoard),
  route('PUT', '/api/admin/featured-album', 'admin-catalogue', 'admin:catalogue', adminCatalogue.chooseFeaturedAlbum),
  route('DELETE', '/api/admin/featured-album', 'admin-catalogue', 'admin:catalogue', adminCatalogue.clearFeaturedAlbum),
  route('GET', '/api/admin/videos', 'admin-catalogue', 'admin:catalogue', adminCatalogue.listVideos),
  route('POST', '/api/admin/videos', 'admin-catalogue', 'admin:catalogue', adminCatalogue.createVideo),
  route('PUT', '/api/admin/videos/{id}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.changeVideo),
  route('POST', '/api/admin/artists/{id}/restore', 'admin-catalogue', 'admin:catalogue', adminCatalogue.restoreArtist),
  route('POST', '/api/admin/videos/{id}/hide', 'admin-catalogue', 'admin:catalogue', adminCatalogue.hideVideo),
  route('POST', '/api/admin/videos/{id}/show', 'admin-catalogue', 'admin:catalogue', adminCatalogue.showVideo),
  route('DELETE', '/api/admin/videos/{id}', 'admin-catalogue', 'admin:catalogue', adminCatalogue.deleteVideo, stepUp),
  route('GET', '/api/admin/playlists', 'admin-catalogue', 'admin:catalogue', adminPlaylists.listPlaylists),
  route('POST', '/api/admin/playlists', 'admin-catalogue', 'admin:catalogue', adminPlaylists.createPlaylist),
  route('GET', '/api/admin/playlists/{id}', 'admin-catalogue', 'admin:catalogue', adminPlaylists.getPlaylist),
  route('PUT', '/api/admin/playlists/{id}', 'admin-catalogue', 'admin:catalogue', adminPlaylists.changePlaylist),
  route('PUT', '/api/admin/playlists/{id}/tracks', 'admin-catalogue', 'admin:catalogue', adminPlaylists.setPlaylistTracks),
  route('POST', '/api/admin/playlists/{id}/publish', 'admin-catalogue', 'admin:catalogue', adminPlaylists.publishPlaylist),
  route('POST', '/api/admin/playlists/{id}/unpublish', 'admin-catalogue', 'admin:catalogue', adminPlaylists.unpublishPlaylist),
] satisfies Line<'admin-catalogue'>[];

// oxfmt-ignore
export const adminPeopleRoutes = [
  route('GET', '/api/admin/users', 'admin-people', 'admin:people', adminPeople.searchUsers),
  route('GET', '/api/admin/users/{id}', 'admin-people', 'admin:people', adminPeople.getUser),
  route('POST', '/api/admin/users/{id}/complimentary-membership', 'admin-people', 'admin:people', adminPeople.grantComplimentary),
  route('DELETE', '/api/admin/users/{id}/complimentary-membership', 'admin-people', 'admin:people', adminPeople.revokeComplimentary),
  route('PUT', '/api/admin/users/{id}/role', 'admin-people', 'admin:owner', adminPeople.changeRole, stepUp),
  route('POST', '/api/admin/users/{id}/block', 'admin-people', 'admin:people', adminPeople.block),
  route('DELETE', '/api/admin/users/{id}/block', 'admin-people', 'admin:people', adminPeople.unblock),
  route('GET', '/api/admin/fan-signups', 'admin-people', 'admin:people', adminPeople.listFanSignups),
  route('GET', '/api/admin/fan-signups/export', 'admin-people', 'admin:people', adminPeople.exportFanSignups, stepUp),
] satisfies Line<'admin-people'>[];

// oxfmt-ignore
export const adminHistoryRoutes = [
  route('GET', '/api/admin/history/{kind}/{id}', 'admin-history', 'admin', adminHistory.getHistory),
  route('GET', '/api/admin/albums/{id}/as-of', 'admin-history', 'admin', adminHistory.getAlbumAsOf),
] satisfies Line<'admin-history'>[];

// oxfmt-ignore
export const adminSalesRoutes = [
  route('GET', '/api/admin/purchases', 'admin-sales', 'admin:money', adminSales.listPurchases),
  route('GET', '/api/admin/sales', 'admin-sales', 'admin:money', adminSales.searchSales),
  route('POST', '/api/admin/purchases/{orderId}/refund', 'admin-sales', 'admin:money', adminSales.refundOrder, stepUp),
] satisfies Line<'admin-sales'>[];

// oxfmt-ignore
export const adminDashboardRoutes = [
  route('GET', '/api/admin/dashboard', 'admin-dashboard', 'admin', adminDashboard.getDashboard),
] satisfies Line<'admin-dashboard'>[];

// oxfmt-ignore
export const adminStatementsRoutes = [
  route('GET', '/api/admin/statements', 'admin-statements', 'admin:money', adminStatements.listStatements),
  route('GET', '/api/admin/statements/{artistId}/{month}', 'admin-statements', 'admin:money', adminStatements.getStatement),
  route('POST', '/api/admin/statements/closings', 'admin-statements', 'admin:money', adminStatements.closeMonth),
  route('PUT', '/api/admin/contracts/{artistId}', 'admin-statements', 'admin:money', adminStatements.setContract),
  route('GET', '/api/admin/contracts/{artistId}', 'admin-statements', 'admin:money', adminStatements.getContract),
] satisfies Line<'admin-statements'>[];

// oxfmt-ignore
export const adminOpsRoutes = [
  route('GET', '/api/admin/ops/consumers', 'admin-ops', 'admin:operations', adminOps.listConsumers),
  route('GET', '/api/admin/ops/suspicious-plays', 'admin-ops', 'admin:operations', adminOps.suspiciousPlays),
  route('GET', '/api/admin/ops/consumers/{name}/dead-letters', 'admin-ops', 'admin:operations', adminOps.listDeadLetters),
  route('POST', '/api/admin/ops/consumers/{name}/dead-letters/redrive', 'admin-ops', 'admin:operations', adminOps.redriveDeadLetters, { stepUp: adminOps.redrivesAll }),
  route('GET', '/api/admin/ops/streams', 'admin-ops', 'admin:operations', adminOps.findStreams),
  route('GET', '/api/admin/ops/events', 'admin-ops', 'admin:operations', adminOps.readStreamEvents),
  route('GET', '/api/admin/ops/traces/{id}', 'admin-ops', 'admin:operations', adminOps.traceCorrelation),
  route('POST', '/api/admin/ops/projections/{projection}/streams/{streamId}/heal', 'admin-ops', 'admin:operations', adminOps.healStream),
  route('GET', '/api/admin/ops/drift', 'admin-ops', 'admin:operations', adminOps.latestDrift),
  route('POST', '/api/admin/ops/drift/check', 'admin-ops', 'admin:operations', adminOps.checkDrift),
  route('GET', '/api/admin/ops/rebuilds', 'admin-ops', 'admin:operations', adminOps.listRebuilds),
  route('POST', '/api/admin/ops/rebuilds/{projection}', 'admin-ops', 'admin:operations', adminOps.startRebuild),
  route('POST', '/api/admin/ops/rebuilds/{projection}/switch', 'admin-ops', 'admin:operations', adminOps.switchRebuild, stepUp),
  route('POST', '/api/admin/ops/rebuilds/{projection}/drop', 'admin-ops', 'admin:operations', adminOps.dropRebuild, stepUp),
] satisfies Line<'admin-ops'>[];

// @__NO_SIDE_EFFECTS__
const manifest = <S extends readonly (readonly unknown[])[]>(...slices: S): S[number][number][] => slices.flat();

/** Every route of the manifest: what the gateways (infra/aws, infra/local) route, and the SPA's client types. */
export const routes = manifest(
  catalogueRoutes,
  playsRoutes,
  platformRoutes,
  bandRoutes,
  libraryRoutes,
  searchRoutes,
  accountsRoutes,
  userDataRoutes,
  notificationsRoutes,
  commerceRoutes,
  stripeWebhookRoutes,
  membershipRoutes,
  merchRoutes,
  adminCatalogueRoutes,
  adminPeopleRoutes,
  adminHistoryRoutes,
  adminSalesRoutes,
  adminDashboardRoutes,
  adminStatementsRoutes,
  adminOpsRoutes,
);

/** One route of the manifest, with the literal types of its line. */
export type Route = (typeof routes)[number];
export type RouteKey = Route['key'];

export const routeKey = (r: Pick<RouteSpec, 'method' | 'path'>) => `${r.method} ${r.path}`;
/** The contexts some manifest lines belong to, each once. */
// @__NO_SIDE_EFFECTS__
export const contextsOf = <R extends Route>(lines: readonly R[]): R['context'][] => [...new Set(lines.map((r) => r.context))];
/** The HTTP contexts, one Lambda each. */
export const contexts = contextsOf(routes);

/** How long Lambda lets a context's function run (infra/aws/api-stack.ts); the clients of the services it calls give up sooner. */
export const HTTP_FUNCTION_TIMEOUT_SECONDS = 10;

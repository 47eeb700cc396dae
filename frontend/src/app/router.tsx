/**
 * The routes. Home ships with the first load; every other page is its own chunk, fetched on the way there,
 * while its loader starts the page's reads in parallel with the chunk.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { albumQueryOptions } from '../features/albums/api/get-album';
import { albumTracksQueryOptions } from '../features/albums/api/get-album-tracks';
import { artistAlbumsQueryOptions } from '../features/albums/api/get-artist-albums';
import { artistQueryOptions } from '../features/artists/api/get-artist';
import { artistsQueryOptions } from '../features/artists/api/get-artists';
import { albumsQueryOptions } from '../features/albums/api/get-albums';
import { exclusiveAlbumsQueryOptions, exclusiveVideosQueryOptions } from '../features/membership/api/get-exclusive';
import { afterPurchasePath, checkoutSessionOf, checkoutSuccessPath } from '../features/purchases/checkout-return';
import { collectionsQueryOptions } from '../features/merch/api/get-collections';
import { productsQueryOptions } from '../features/merch/api/get-products';
import { playlistQueryOptions, playlistsQueryOptions } from '../features/search/api/get-playlists';
import { AppRoot } from './app-root';
import { PageSkeleton } from './page-skeleton';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { RouteError } from './routes/route-error';
import { sessionQueryOptions } from '../lib/session';

/** A page whose code is fetched on the way there. */
const page = (path: string, load: () => Promise<RouteObject['Component']>): RouteObject => ({
  path,
  HydrateFallback: PageSkeleton,
  lazy: async () => ({ Component: await load() }),
});

/** The album page's reads: its loader's, and the first page's when a visit starts there. */
const albumPageReads = (queryClient: QueryClient, albumId: string) => [
  queryClient.prefetchQuery(albumQueryOptions(albumId)),
  queryClient.prefetchQuery(albumTracksQueryOptions(albumId)),
];

/**
 * The reads the visit's first page is built from, the ones index.html asked for while the script downloaded (keep
 * the two lists equal): the start waits for them so that page is built once, with its data.
 */
export function firstPageReads(queryClient: QueryClient, pathname: string): Array<Promise<void>> {
  const reads = [queryClient.prefetchQuery(sessionQueryOptions())];
  const album = /^\/album\/([^/]+)\/?$/.exec(pathname);
  if (pathname === '/') reads.push(queryClient.prefetchQuery(albumsQueryOptions()), queryClient.prefetchQuery(artistsQueryOptions()));
  else if (album) reads.push(...albumPageReads(queryClient, decodeURIComponent(album[1])));
  return reads;
}

export function createRouter(queryClient: QueryClient) {
  // Loaders only start the page's reads (prefetchQuery never throws); the page shows loading and errors itself.
  const prefetch = (...reads: Array<Promise<void>>): null => {
    void Promise.all(reads);
    return null;
  };

  return createBrowserRouter([
    // The one page other sites may frame (functions/platform/edge-headers.ts): the album's player alone, no shell.
    {
      path: 'embed/album/:id',
      ErrorBoundary: RouteError,
      HydrateFallback: () => <div aria-busy="true" className="h-dvh bg-zinc-900" />,
      loader: ({ params }) => prefetch(...albumPageReads(queryClient, params.id ?? '')),
      lazy: async () => ({ Component: (await import('./routes/embed-album-route')).EmbedAlbumRoute }),
    },
    {
      Component: AppRoot,
      ErrorBoundary: RouteError,
      children: [
        { index: true, Component: HomeRoute },
        {
          path: 'album/:id',
          HydrateFallback: PageSkeleton,
          loader: ({ params }) => prefetch(...albumPageReads(queryClient, params.id ?? '')),
          lazy: async () => ({ Component: (await import('./routes/album-route')).AlbumRoute }),
        },
        {
          path: 'artist/:id',
          HydrateFallback: PageSkeleton,
          loader: ({ params }) =>
            prefetch(
              queryClient.prefetchQuery(artistQueryOptions(params.id ?? '')),
              queryClient.prefetchQuery(artistAlbumsQueryOptions(params.id ?? '')),
            ),
          lazy: async () => ({ Component: (await import('./routes/artist-route')).ArtistRoute }),
        },
        {
          path: 'artists',
          HydrateFallback: PageSkeleton,
          loader: () => prefetch(queryClient.prefetchQuery(artistsQueryOptions())),
          lazy: async () => ({ Component: (await import('./routes/artists-route')).ArtistsRoute }),
        },
        {
          path: 'music',
          HydrateFallback: PageSkeleton,
          loader: () =>
            prefetch(
              queryClient.prefetchQuery(albumsQueryOptions()),
              queryClient.prefetchQuery(artistsQueryOptions()),
              queryClient.prefetchQuery(playlistsQueryOptions()),
            ),
          lazy: async () => ({ Component: (await import('./routes/music-route')).MusicRoute }),
        },
        page('deployment-check', async () => (await import('./routes/deployment-check-route')).DeploymentCheckRoute),
        page('faq', async () => (await import('./routes/faq-route')).FaqRoute),
        page('privacy', async () => (await import('./routes/privacy-route')).PrivacyRoute),
        page('dirtytexans-signup', async () => (await import('./routes/band-routes')).BandSignupRoute),
        page('dirtytexans', async () => (await import('./routes/band-routes')).BandRoute),
        // Admin mode: the shell drops its sidebar on these paths (navigation.ts).
        page('admin/enrol', async () => (await import('../features/auth/components/admin-enrol-page')).AdminEnrolPage),
        page('admin/*', async () => (await import('./routes/admin-route')).AdminPanelRoute),
        page('sync-manager/*', async () => (await import('./routes/admin-route')).SyncManagerRoute),
        page('cart', async () => (await import('./routes/cart-route')).CartRoute),
        {
          path: 'shop',
          HydrateFallback: PageSkeleton,
          loader: () => prefetch(queryClient.prefetchQuery(productsQueryOptions()), queryClient.prefetchQuery(collectionsQueryOptions())),
          lazy: async () => ({ Component: (await import('./routes/shop-route')).ShopRoute }),
        },
        {
          path: 'library',
          HydrateFallback: PageSkeleton,
          lazy: async () => ({ Component: (await import('./routes/library-route')).LibraryRoute }),
        },
        {
          path: 'playlist/:id',
          HydrateFallback: PageSkeleton,
          loader: ({ params }) => prefetch(queryClient.prefetchQuery(playlistQueryOptions(params.id ?? ''))),
          lazy: async () => ({ Component: (await import('./routes/playlist-route')).PlaylistRoute }),
        },
        {
          path: 'search/:query?',
          HydrateFallback: PageSkeleton,
          lazy: async () => ({ Component: (await import('./routes/search-route')).SearchRoute }),
        },
        {
          path: 'exclusive',
          HydrateFallback: PageSkeleton,
          loader: () =>
            prefetch(queryClient.prefetchQuery(exclusiveAlbumsQueryOptions()), queryClient.prefetchQuery(exclusiveVideosQueryOptions())),
          lazy: async () => ({ Component: (await import('./routes/membership-exclusive-route')).ExclusiveRoute }),
        },
        page('video/:slug', async () => (await import('../features/membership/components/video-slug-page')).VideoSlugPage),
        page('subscribe', async () => (await import('./routes/membership-subscribe-route')).SubscribeRoute),
        page('free-signup', async () => (await import('../features/auth/components/free-signup-page')).FreeSignupPage),
        page('check-email', async () => (await import('../features/auth/components/check-email-page')).CheckEmailPage),
        page('magic-login', async () => (await import('../features/auth/components/magic-login-page')).MagicLoginPage),
        page('verify-email', async () => (await import('../features/auth/components/verify-email-page')).VerifyEmailPage),
        page('auth', async () => (await import('../features/auth/components/auth-page')).AuthPage),
        page('login', async () => (await import('../features/auth/components/auth-page')).LoginRedirect),
        page('profile', async () => (await import('../features/account/components/profile-page')).ProfilePage),
        page('account', async () => (await import('../features/account/components/account-page')).AccountPage),
        page('account-deleted', async () => (await import('../features/account/components/account-deleted-page')).AccountDeletedPage),
        { path: 'subscription-manage', loader: () => redirect('/account') },
        page(
          'subscription-checkout',
          async () => (await import('../features/membership/components/subscription-checkout-page')).SubscriptionCheckoutPage,
        ),
        page('upgrade', async () => (await import('../features/membership/components/upgrade-page')).UpgradePage),
        page(
          'subscription-success',
          async () => (await import('../features/membership/components/subscription-success-page')).SubscriptionSuccessPage,
        ),
        page(
          'subscription/success',
          async () => (await import('../features/membership/components/subscription-success-page')).SubscriptionSuccessPage,
        ),
        page(
          'subscription-pending',
          async () => (await import('../features/membership/components/subscription-pending-page')).SubscriptionPendingPage,
        ),
        page('subscription-activated', async () => (await import('../features/membership/components/activation-page')).ActivationPage),
        page('after-join', async () => (await import('../features/membership/components/after-join-page')).AfterJoinPage),
        page('beta-welcome', async () => (await import('../features/membership/components/beta-welcome-page')).BetaWelcomePage),
        page('purchases', async () => (await import('../features/purchases/components/purchases-page')).PurchasesPage),
        page('checkout/success', async () => (await import('../features/purchases/components/checkout-success-page')).CheckoutSuccessPage),
        page('checkout-success', async () => (await import('../features/purchases/components/checkout-success-page')).CheckoutSuccessPage),
        {
          ...page('post-checkout', async () => (await import('../features/purchases/components/post-checkout-page')).PostCheckoutPage),
          // With a session the buyer goes straight on; the page itself is the error state of a return with none.
          loader: ({ request }) => {
            const sessionId = checkoutSessionOf(request.url);
            return sessionId ? redirect(checkoutSuccessPath(sessionId)) : null;
          },
        },
        { path: 'checkout-redirect', loader: ({ request }) => redirect(afterPurchasePath(request.url)) },
        { path: 'after-purchase', loader: ({ request }) => redirect(afterPurchasePath(request.url)) },
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}

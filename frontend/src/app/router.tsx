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
import { AccountDialogHost } from '../features/auth/components/account-dialog-provider';
import { brand } from '../lib/brand';
import { AppShell } from './app-shell';
import { PageSkeleton } from './page-skeleton';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { RouteError } from './routes/route-error';

const upcoming = (path: string, title: string, description: string): RouteObject => ({
  path,
  HydrateFallback: PageSkeleton,
  lazy: async () => {
    const { UpcomingRoute } = await import('./routes/upcoming-route');
    return { Component: () => <UpcomingRoute title={title} description={description} /> };
  },
});

/** A page whose code is fetched on the way there. */
const page = (path: string, load: () => Promise<RouteObject['Component']>): RouteObject => ({
  path,
  HydrateFallback: PageSkeleton,
  lazy: async () => ({ Component: await load() }),
});

/** The shell, and the sign-in modal inside the router so it can follow links. */
function AppRoot() {
  return (
    <>
      <AppShell />
      <AccountDialogHost />
    </>
  );
}

export function createRouter(queryClient: QueryClient) {
  // Loaders only start the page's reads (prefetchQuery never throws); the page shows loading and errors itself.
  const prefetch = (...reads: Array<Promise<void>>): null => {
    void Promise.all(reads);
    return null;
  };

  return createBrowserRouter([
    {
      Component: AppRoot,
      ErrorBoundary: RouteError,
      children: [
        { index: true, Component: HomeRoute },
        {
          path: 'album/:id',
          HydrateFallback: PageSkeleton,
          loader: ({ params }) =>
            prefetch(
              queryClient.prefetchQuery(albumQueryOptions(params.id ?? '')),
              queryClient.prefetchQuery(albumTracksQueryOptions(params.id ?? '')),
            ),
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
          loader: () => prefetch(queryClient.prefetchQuery(albumsQueryOptions()), queryClient.prefetchQuery(artistsQueryOptions())),
          lazy: async () => ({ Component: (await import('./routes/music-route')).MusicRoute }),
        },
        page('deployment-check', async () => (await import('./routes/deployment-check-route')).DeploymentCheckRoute),
        page('faq', async () => (await import('./routes/faq-route')).FaqRoute),
        page('privacy', async () => (await import('./routes/privacy-route')).PrivacyRoute),
        page('dirtytexans-signup', async () => (await import('./routes/band-routes')).BandSignupRoute),
        page('dirtytexans', async () => (await import('./routes/band-routes')).BandRoute),
        // Admin mode: the shell drops its sidebar on these paths (navigation.ts).
        page('admin/*', async () => {
          const { AdminRoute } = await import('./routes/admin-route');
          return () => <AdminRoute area="admin" />;
        }),
        page('sync-manager/*', async () => {
          const { AdminRoute } = await import('./routes/admin-route');
          return () => <AdminRoute area="sync-manager" />;
        }),
        upcoming('cart', 'Cart', 'Your album cart arrives with the shop in an upcoming release.'),
        upcoming('shop', 'Shop', 'Albums as digital downloads and merch from the artists. The shop opens in an upcoming release.'),
        {
          path: 'library',
          HydrateFallback: PageSkeleton,
          lazy: async () => ({ Component: (await import('./routes/library-route')).LibraryRoute }),
        },
        {
          path: 'search/:query?',
          HydrateFallback: PageSkeleton,
          lazy: async () => ({ Component: (await import('./routes/search-route')).SearchRoute }),
        },
        upcoming(
          'exclusive',
          brand.productPlus,
          `Exclusive and unreleased tracks, early access and direct artist support with ${brand.productPlus}. Subscriptions open in an upcoming release.`,
        ),
        upcoming('subscribe', `Subscribe to ${brand.productPlus}`, `${brand.productPlus} subscriptions open in an upcoming release.`),
        page('free-signup', async () => (await import('../features/auth/components/free-signup-page')).FreeSignupPage),
        page('check-email', async () => (await import('../features/auth/components/check-email-page')).CheckEmailPage),
        page('magic-login', async () => (await import('../features/auth/components/magic-login-page')).MagicLoginPage),
        page('verify-email', async () => (await import('../features/auth/components/verify-email-page')).VerifyEmailPage),
        page('auth', async () => (await import('../features/auth/components/auth-page')).AuthPage),
        page('login', async () => (await import('../features/auth/components/auth-page')).LoginRedirect),
        page('profile', async () => (await import('../features/account/components/profile-page')).ProfilePage),
        page('account', async () => (await import('../features/account/components/account-page')).AccountPage),
        { path: 'subscription-manage', loader: () => redirect('/account') },
        upcoming('subscription-checkout', `${brand.productPlus} checkout`, `${brand.productPlus} checkout opens in an upcoming release.`),
        upcoming('upgrade', `Upgrade to ${brand.productPlus}`, `${brand.productPlus} subscriptions open in an upcoming release.`),
        upcoming('purchases', 'Purchases', 'Your purchase history arrives with the store in an upcoming release.'),
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}

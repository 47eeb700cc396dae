/**
 * The routes. Home ships with the first load; every other page is its own chunk, fetched on the way there,
 * while its loader starts the page's reads in parallel with the chunk.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { albumQueryOptions } from '../features/albums/api/get-album';
import { albumTracksQueryOptions } from '../features/albums/api/get-album-tracks';
import { artistAlbumsQueryOptions } from '../features/albums/api/get-artist-albums';
import { artistQueryOptions } from '../features/artists/api/get-artist';
import { artistsQueryOptions } from '../features/artists/api/get-artists';
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

export function createRouter(queryClient: QueryClient) {
  // Loaders only start the page's reads (prefetchQuery never throws); the page shows loading and errors itself.
  const prefetch = (...reads: Array<Promise<void>>): null => {
    void Promise.all(reads);
    return null;
  };

  return createBrowserRouter([
    {
      Component: AppShell,
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
        upcoming('music', 'Music', 'Browse every album and track of the label. This screen arrives in an upcoming release.'),
        upcoming('shop', 'Shop', 'Albums as digital downloads and merch from the artists. The shop opens in an upcoming release.'),
        upcoming('library', 'Library', 'Your albums, songs, favourites and downloads live here once accounts arrive.'),
        upcoming(
          'exclusive',
          brand.productPlus,
          `Exclusive and unreleased tracks, early access and direct artist support with ${brand.productPlus}. Subscriptions open in an upcoming release.`,
        ),
        upcoming('subscribe', `Subscribe to ${brand.productPlus}`, `${brand.productPlus} subscriptions open in an upcoming release.`),
        { path: '*', Component: NotFoundRoute },
      ],
    },
  ]);
}

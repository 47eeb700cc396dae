/**
 * Starts the SPA on a pre-rendered page (prerender/render-page.tsx): the page carries its markup and the cache it was
 * built from; the app takes that cache, waits for the page's code, and hydrates the markup as it is, the guest's view;
 * who is listening comes after (the session read in the cache is stale on purpose). Loaded by start.tsx only on such
 * a page, so every other first page goes without this code (the page's starter script preloads it: render-page.tsx).
 */
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { nextTask } from '../lib/next-task';
import { stopNotingEarlyClicks } from '../prerender/early-click';
import { holdSessionUntilHydrated, PageRoot } from '../prerender/page-root';
import { createRouter } from './router';
import { routerReady } from './router-ready';

export async function startPrerendered(container: HTMLElement, state: HTMLElement, queryClient: QueryClient) {
  hydrate(queryClient, JSON.parse(state.textContent ?? '{}') as DehydratedState);
  await nextTask();
  // The router reads its view transitions from the tab's session storage as it is made, and the player its queue and
  // settings from local storage as it renders; a tab's first read of each waits for the browser to open it: tasks of
  // their own rather than part of making the router or of a slice of the hydrating render.
  openStorage('sessionStorage');
  await nextTask();
  openStorage('localStorage');
  await nextTask();
  const router = createRouter(queryClient);
  await routerReady(router);
  holdSessionUntilHydrated(queryClient);
  stopNotingEarlyClicks();
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <PageRoot queryClient={queryClient}>
          <RouterProvider router={router} />
        </PageRoot>
      </StrictMode>,
    );
  });
}

function openStorage(area: 'sessionStorage' | 'localStorage') {
  try {
    window[area].getItem('');
  } catch {
    // Storage blocked (a privacy setting): the app goes without it too.
  }
}

/** Starts the SPA: loaded by main.tsx in a task of its own, once React is evaluated. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { nextTask } from '../lib/next-task';
import { PRERENDERED_STATE_ID } from '../prerender/pages';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRouter, firstPageReads } from './router';
import { routerReady } from './router-ready';

const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** How long the first render waits for the first page's data and code; past it the page shows its loading state. */
const FIRST_PAGE_WAIT_MS = 2_000;

async function start(container: HTMLElement) {
  // The first page is built once, with its data: index.html asked for it while this script downloaded, so it is
  // usually here by now. Building it without and again with the data would do the main thread's work twice. Reading the
  // answers (parsing them) is a task of its own, after this module's evaluation.
  await nextTask();
  const reads = firstPageReads(queryClient, location.pathname);
  // Making the router (ranking every route) is a task of its own rather than part of evaluating this module.
  await nextTask();
  const router = createRouter(queryClient);
  const ready = Promise.allSettled([...reads, routerReady(router)]).then(() => true);
  const inTime = await Promise.race([ready, new Promise<false>((resolve) => setTimeout(() => resolve(false), FIRST_PAGE_WAIT_MS))]);
  const render = () =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread until the whole page is built (the static shell of index.html stays painted meanwhile). Only a ready router
  // may render so: RouterProvider reads the router's state as it renders and subscribes to it only once it commits, so
  // a page's code arriving between the two (while a yielding render is under way) was never shown, and the page kept
  // its loading skeleton for good. Past the wait, the render is one task, which nothing can come between.
  if (inTime) startTransition(render);
  else render();
}

const prerendered = document.getElementById(PRERENDERED_STATE_ID);
// A pre-rendered page (home, artist, album) is hydrated by code of its own, which no other first page downloads.
if (prerendered) void import('./start-prerendered').then((module) => module.startPrerendered(root, prerendered, queryClient));
else void start(root);

// Only a built app has a service worker (in development it would serve stale modules); its code loads apart.
if (import.meta.env.PROD) void import('./service-worker').then((module) => module.registerServiceWorker());

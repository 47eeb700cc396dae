/** Starts the SPA: loaded by main.tsx in a task of its own, once React is evaluated. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { nextTask } from '../lib/next-task';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { createRouter, firstPageReads } from './router';

const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** How long the first render waits for the first page's data and code; past it the page shows its loading state. */
const FIRST_PAGE_WAIT_MS = 2_000;

/** Resolves once the router has run the first page's lazy code and loaders. */
const routerReady = (router: ReturnType<typeof createRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

async function start(container: HTMLElement) {
  // The first page is built once, with its data: index.html asked for it while this script downloaded, so it is
  // usually here by now. Building it without and again with the data doubled the main thread's work. Reading the
  // answers (parsing them) is a task of its own, after this module's evaluation.
  await nextTask();
  const reads = firstPageReads(queryClient, location.pathname);
  // Making the router (ranking every route) is a task of its own rather than part of evaluating this module.
  await nextTask();
  const router = createRouter(queryClient);
  const ready = Promise.allSettled([...reads, routerReady(router)]);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
  // thread until the whole page is built (the static shell of index.html stays painted meanwhile).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });
}

void start(root);

// Only a built app has a service worker (in development it would serve stale modules); its code loads apart.
if (import.meta.env.PROD) void import('./service-worker').then((module) => module.registerServiceWorker());

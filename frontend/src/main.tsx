/** Starts the SPA. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createRouter } from './app/router';
import './styles.css';

const queryClient = createQueryClient();
const router = createRouter(queryClient);
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// As a transition, the first render yields to the browser every few milliseconds instead of holding the main
// thread until the whole page is built (the static shell of index.html stays painted meanwhile).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});

// Only a built app has a service worker (in development it would serve stale modules); its code loads apart.
if (import.meta.env.PROD) void import('./app/service-worker').then((module) => module.registerServiceWorker());

/** Resolves once the router has run the first page's lazy code and loaders. */
import type { createRouter } from './router';

export const routerReady = (router: ReturnType<typeof createRouter>) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/** The root of a pre-rendered page, the same on the server and in the browser (useId counts the tree's shape, not its DOM). */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { AppProviders } from '../app/providers';
import { albumKeys } from '../features/albums/api/album-keys';
import { artistKeys } from '../features/artists/api/artist-keys';
import { sessionKeys } from '../lib/session';
import { replayEarlyClick } from './early-click';

export function PageRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={queryClient} prerendered>
      {children}
      <RefreshAfterHydration />
    </AppProviders>
  );
}

/**
 * Called before hydrating: the page's session (a guess, dated 0) is not asked again by each screen that reads it as
 * it mounts. Asked then, it changed the query's answer under every reader between the hydrating render and its
 * effects, and React rendered all of them again at once in the same task: about 100 ms on a phone with an album's
 * track list, all of it blocking. RefreshAfterHydration asks once, after.
 */
export function holdSessionUntilHydrated(queryClient: QueryClient) {
  queryClient.setQueryDefaults(sessionKeys.me(), { refetchOnMount: false });
}

/**
 * Once hydrated (effects never run on the server): a button pressed before is pressed again (early-click.ts), who is
 * listening is asked, and the page's reads run again (its play counts may be stale). In tasks after the hydration's
 * effects: the screens only see the answers, in tasks of their own, instead of the reads starting inside the
 * hydration's longest task.
 */
function RefreshAfterHydration() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A mark outside React's markup for whoever waits for the page to answer clicks (the browser tests).
    document.getElementById('root')?.setAttribute('data-hydrated', '');
    // Who is listening first, then the page's reads, each in a task of its own: together they made one long task again.
    const refreshes = [
      setTimeout(replayEarlyClick, 0),
      setTimeout(() => {
        queryClient.setQueryDefaults(sessionKeys.me(), {});
        void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
      }, 0),
      setTimeout(() => {
        for (const queryKey of [albumKeys.all, artistKeys.all]) void queryClient.invalidateQueries({ queryKey });
      }, 0),
    ];
    return () => refreshes.forEach((refresh) => clearTimeout(refresh));
  }, [queryClient]);
  return null;
}

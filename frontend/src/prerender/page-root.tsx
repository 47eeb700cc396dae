/** The root of a pre-rendered page, the same on the server and in the browser (useId counts the tree's shape, not its DOM). */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { AppProviders } from '../app/providers';
import { albumKeys } from '../features/albums/api/album-keys';
import { artistKeys } from '../features/artists/api/artist-keys';

export function PageRoot({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppProviders queryClient={queryClient}>
      {children}
      <RefreshAfterHydration />
    </AppProviders>
  );
}

/** Once hydrated (effects never run on the server): the page's play counts may be stale, so its reads run again. */
function RefreshAfterHydration() {
  const queryClient = useQueryClient();
  useEffect(() => {
    // A mark outside React's markup for whoever waits for the page to answer clicks (the browser tests).
    document.getElementById('root')?.setAttribute('data-hydrated', '');
    void queryClient.invalidateQueries({ queryKey: albumKeys.all });
    void queryClient.invalidateQueries({ queryKey: artistKeys.all });
  }, [queryClient]);
  return null;
}

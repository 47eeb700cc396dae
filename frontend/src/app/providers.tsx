/** Everything the screens share: the query cache, the account dialog switch, the player and the toasts. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { countRecordedPlay } from '../features/albums/api/album-play-count';
import { AccountDialogProvider } from '../features/auth/components/account-dialog-provider';
import { PlayerProvider } from '../features/player/components/player-provider';
import { Toaster } from '../ui/toast';

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AccountDialogProvider>
        <PlayerProvider onPlayRecorded={(play) => countRecordedPlay(queryClient, play)}>
          {children}
          <Toaster />
        </PlayerProvider>
      </AccountDialogProvider>
    </QueryClientProvider>
  );
}

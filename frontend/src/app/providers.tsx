/** Everything the screens share: the query cache, the account dialog switch, the player and the toasts. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { countRecordedPlay } from '../features/albums/api/album-play-count';
import { AccountDialogProvider } from '../features/auth/components/account-dialog-provider';
import { recordListening } from '../features/player/api/record-listening';
import { PlayerProvider } from '../features/player/components/player-provider';
import type { TrackPlay } from '../features/player/api/record-track-play';
import { sessionKeys, type SessionUser } from '../lib/session';
import { Toaster } from '../ui/toast';

export function AppProviders({
  queryClient,
  prerendered = false,
  children,
}: {
  queryClient: QueryClient;
  /** The page was rendered ahead of time: what this tab saved (the player's queue) comes after hydrating it. */
  prerendered?: boolean;
  children: ReactNode;
}) {
  // A counted play updates the play counts on screen and, for a signed-in listener, their listening history.
  const onPlayRecorded = (play: TrackPlay) => {
    countRecordedPlay(queryClient, play);
    if (queryClient.getQueryData<SessionUser | null>(sessionKeys.me())) recordListening(play.trackId);
  };
  return (
    <QueryClientProvider client={queryClient}>
      <AccountDialogProvider>
        <PlayerProvider onPlayRecorded={onPlayRecorded} restoreAfterHydration={prerendered}>
          {children}
          <Toaster />
        </PlayerProvider>
      </AccountDialogProvider>
    </QueryClientProvider>
  );
}

/**
 * Connects the album screens to the player: album tracks become queue tracks, album buttons become player
 * commands, and an album this listener may not play explains why (a toast with a way forward, or the
 * streaming-platforms modal of a physical-only album).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isTrackPlayable, playBlock, type PlayBlock } from '../features/albums/album-access';
import { albumKeys } from '../features/albums/api/album-keys';
import type { Album, AlbumTrack, AlbumTracks } from '#contract/catalogue.js';
import { albumTracksQueryOptions } from '../features/albums/api/get-album-tracks';
import { updateAlbumStats } from '../features/albums/api/update-album-stats';
import type { AlbumPlayback } from '../features/albums/components/album-details';
import { openStreamingPlatforms } from '../features/albums/components/streaming-platforms';
import { usePlayer, type PlayOptions } from '../features/player/components/player-provider';
import { CARD_PLAY_GUARD_MS, type QueueTrack } from '../features/player/player-state';
import { brand } from '../lib/brand';
import { toast } from '../ui/toast';

/** A toast with a button stays long enough to reach the button. */
const ACTION_TOAST_MS = 4000;

function toQueueTracks(album: Album, tracks: readonly AlbumTrack[]): QueueTrack[] {
  return tracks.flatMap((track) =>
    track.audioUrl
      ? [
          {
            id: track.id,
            albumId: album.id,
            title: track.title,
            // The player names the label when an album has no artist name, so its artist line is never empty.
            artist: album.artistName || brand.labelName,
            albumTitle: album.title,
            artwork: album.artwork ?? null,
            audioUrl: track.audioUrl,
            duration: track.duration ?? null,
          },
        ]
      : [],
  );
}

/** The answer to a blocked play: what it says, and the way on it offers (streaming platforms, Toko+, or the album's page). */
function useExplainPlayBlock(): (album: Album, block: PlayBlock) => void {
  const navigate = useNavigate();
  return (album, block) => {
    if (block === 'dummy') {
      openStreamingPlatforms(album);
    } else if (block === 'subscription') {
      toast({
        title: 'Subscription Required',
        description: `This album requires a ${brand.productPlus} subscription to play.`,
        action: { label: 'Subscribe', onClick: () => void navigate('/exclusive') },
        duration: ACTION_TOAST_MS,
      });
    } else {
      toast({
        title: 'Purchase Required',
        description: 'This album requires purchase or subscription to play.',
        action: { label: 'View Options', onClick: () => void navigate(`/album/${encodeURIComponent(album.id)}`) },
        duration: ACTION_TOAST_MS,
      });
    }
  };
}

/** Plays an album's tracks from the server's answer, or explains why it cannot. */
function usePlayAlbumAnswer(): (album: Album, answer: AlbumTracks, startTrackId?: string, options?: PlayOptions) => void {
  const player = usePlayer();
  const explain = useExplainPlayBlock();
  return (album, answer, startTrackId, options) => {
    const block = playBlock(album, answer.hasAccess, brand.tierPlus);
    if (block) return explain(album, block);
    const playable = answer.tracks.filter((track) => isTrackPlayable(album, answer.hasAccess, track));
    if (playable.length === 0) return toast({ title: 'Nothing to play yet', description: 'This album has no tracks to play.' });
    const queue = toQueueTracks(album, playable);
    const start = startTrackId === undefined ? 0 : queue.findIndex((track) => track.id === startTrackId);
    if (start >= 0) player.playQueue(queue, start, options);
  };
}

export function useAlbumPlayback(): AlbumPlayback {
  const player = usePlayer();
  const playAnswer = usePlayAlbumAnswer();
  const explain = useExplainPlayBlock();
  return {
    currentTrackId: player.track?.id ?? null,
    currentAlbumId: player.track?.albumId ?? null,
    playing: player.state.status === 'playing',
    playAlbum: (album, answer, startTrackId) => playAnswer(album, answer, startTrackId),
    explainLocked: (album, hasAccess) => explain(album, playBlock(album, hasAccess, brand.tierPlus) ?? 'purchase'),
    togglePlay: player.togglePlay,
  };
}

/**
 * "Play Album" on a card that has no track list yet: the tracks are read (or taken from the cache) first.
 * Cards guard double taps for 500 ms. `withStats` first asks the label to update the album's numbers
 * (the artist page's latest release), which may fail without stopping the music.
 */
export function usePlayAlbumFromCard({ withStats = false }: { withStats?: boolean } = {}): (album: Album) => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const playAnswer = usePlayAlbumAnswer();

  return (album) => {
    const statsUpdated = withStats
      ? updateAlbumStats(album.id)
          .catch((error: unknown) => console.warn(`Updating the stats of album ${album.id} failed`, error))
          .then(() => queryClient.invalidateQueries({ queryKey: albumKeys.all }))
      : Promise.resolve();
    statsUpdated
      .then(() => queryClient.fetchQuery(albumTracksQueryOptions(album.id)))
      .then((answer) => playAnswer(album, answer, undefined, { guardMs: CARD_PLAY_GUARD_MS }))
      .catch(() => navigate(`/album/${encodeURIComponent(album.id)}`));
  };
}

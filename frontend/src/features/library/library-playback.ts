/** What the library screens need from the player, handed in by the app so features stay independent. */

/** A song as the player takes it; one without audio (a locked album) is shown but never queued. */
export interface PlayableSong {
  id: string;
  albumId: string;
  title: string;
  artistName: string | null;
  albumTitle: string | null;
  artwork: string | null;
  audioUrl: string | null;
  duration: number | null;
}

export interface LibraryPlayback {
  currentTrackId: string | null;
  currentAlbumId: string | null;
  playing: boolean;
  /** Queues the songs that have audio, in this order, starting at `startTrackId` (the first when omitted). */
  playSongs: (songs: readonly PlayableSong[], startTrackId?: string) => void;
  togglePlay: () => void;
}

/** A library song as the player takes it. */
export const songOfTrack = (track: {
  id: string;
  albumId: string;
  title: string;
  artistName?: string | null;
  albumTitle?: string | null;
  albumArtwork?: string | null;
  audioUrl?: string | null;
  duration?: number | null;
}): PlayableSong => ({
  id: track.id,
  albumId: track.albumId,
  title: track.title,
  artistName: track.artistName ?? null,
  albumTitle: track.albumTitle ?? null,
  artwork: track.albumArtwork ?? null,
  audioUrl: track.audioUrl ?? null,
  duration: track.duration ?? null,
});

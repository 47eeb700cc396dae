/** What a listener may do with an album, read from what the server answered (it decides access). */
import type { Album, AlbumTrack } from './api/album-schema';

export const DEFAULT_ALBUM_DESCRIPTION = 'Discover this captivating musical journey.';
export const DEFAULT_ALBUM_TYPE = 'Album';

export const albumArtistName = (album: Pick<Album, 'artistName'>): string => album.artistName || 'Various Artists';

/** A track plays only with access, on an album whose rights are held here, and when it has audio. */
export const isTrackPlayable = (album: Pick<Album, 'isDummyAlbum'>, hasAccess: boolean, track: Pick<AlbumTrack, 'audioUrl'>): boolean =>
  hasAccess && !album.isDummyAlbum && Boolean(track.audioUrl);

export const isPlusExclusive = (album: Pick<Album, 'requiredTier' | 'isExclusive'>, plusTier: string): boolean =>
  album.requiredTier === plusTier && album.isExclusive;

/** The external places a dummy album (rights held elsewhere) can be heard. */
export function externalListenLinks(album: Album): Array<{ name: string; url: string }> {
  const links: Array<[string, string | null | undefined]> = [
    ['Listen', album.externalListenUrl],
    ['Spotify', album.spotifyUrl],
    ['Apple Music', album.appleMusicUrl],
    ['YouTube', album.youtubeUrl],
    ['Amazon Music', album.amazonMusicUrl],
    ['Deezer', album.deezerUrl],
  ];
  return links.filter((link): link is [string, string] => Boolean(link[1])).map(([name, url]) => ({ name, url }));
}

/** Remembers, for the tab's session, which page the listener came from when an album page opened (the Back target). */
import { readStored, writeStored } from '../lib/storage';

const ALBUM_SOURCE_KEY = 'album.sourcePage';

export const isAlbumPath = (pathname: string): boolean => pathname.startsWith('/album/');

export const rememberAlbumSource = (page: string): void => writeStored('session', ALBUM_SOURCE_KEY, page);

/** The remembered page, if it is a path inside the app. */
export function albumSource(): string | null {
  const page = readStored('session', ALBUM_SOURCE_KEY);
  return page && page.startsWith('/') && !page.startsWith('//') ? page : null;
}

/**
 * The catalogue's search documents and how a query matches them: every word of the query must
 * match (a word start in any field, or anywhere in a title or name), and titles weigh more than
 * artist or album names, which weigh more than bios and descriptions. Pure.
 */

/** What the search view holds per artist, album, track and playlist. */
export interface SearchArtist {
  type: 'artist';
  id: string;
  name: string;
  bio: string | null;
  avatar: string | null;
  isMain: boolean;
}
export interface SearchAlbum {
  type: 'album';
  id: string;
  title: string;
  artistId: string;
  artistName: string;
  artwork: string | null;
  albumType: string;
  releaseDate: string;
  requiredTier: string;
  isDummyAlbum: boolean;
  trackIds: string[];
}
export interface SearchTrack {
  type: 'track';
  id: string;
  title: string;
  trackNumber: number;
  duration: number;
  albumId: string;
  albumTitle: string;
  artistId: string;
  artistName: string;
  artwork: string | null;
}
export interface SearchPlaylist {
  type: 'playlist';
  id: string;
  name: string;
  description: string;
  trackCount: number;
  artwork: string | null;
}
export type SearchDocument = SearchArtist | SearchAlbum | SearchTrack | SearchPlaylist;

export const SUGGESTION_MIN_LENGTH = 2;

/** Lower case, no accents, words split on anything that is not a letter or a digit. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Field {
  text: string;
  weight: number;
  /** Whether a word of 3+ letters may also match inside a word (titles and names), not only at a word start. */
  substring: boolean;
}

function fieldsOf(document: SearchDocument): Field[] {
  const field = (text: string | null | undefined, weight: number, substring = false): Field => ({
    text: normalize(text ?? ''),
    weight,
    substring,
  });
  switch (document.type) {
    case 'artist':
      return [field(document.name, 10, true), field(document.bio, 1)];
    case 'album':
      return [field(document.title, 10, true), field(document.artistName, 5, true)];
    case 'track':
      return [field(document.title, 10, true), field(document.artistName, 4, true), field(document.albumTitle, 3, true)];
    case 'playlist':
      return [field(document.name, 10, true), field(document.description, 2)];
  }
}

const primaryText = (document: SearchDocument) =>
  document.type === 'artist' || document.type === 'playlist' ? document.name : document.title;

function tokenScore(token: string, fields: Field[]): number {
  let best = 0;
  for (const field of fields) {
    if (` ${field.text}`.includes(` ${token}`)) best = Math.max(best, field.weight);
    else if (field.substring && token.length >= 3 && field.text.includes(token)) best = Math.max(best, field.weight / 2);
  }
  return best;
}

/** 0 when the document does not match; higher is better. */
export function score(document: SearchDocument, query: string): number {
  const normalized = normalize(query);
  const tokens = normalized.split(' ').filter(Boolean);
  if (tokens.length === 0) return 0;
  const fields = fieldsOf(document);
  let total = 0;
  for (const token of tokens) {
    const s = tokenScore(token, fields);
    if (s === 0) return 0;
    total += s;
  }
  const primary = normalize(primaryText(document));
  if (primary === normalized) total += 50;
  else if (primary.startsWith(normalized)) total += 25;
  return total;
}

/** The matching documents, best first (ties in alphabetical order). */
export function rank<D extends SearchDocument>(documents: readonly D[], query: string, limit: number): D[] {
  return documents
    .map((document) => ({ document, score: score(document, query) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || primaryText(a.document).localeCompare(primaryText(b.document)))
    .slice(0, limit)
    .map((entry) => entry.document);
}

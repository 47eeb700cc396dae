/** Query keys of the album reads, from the most general to the most specific, so one prefix covers a family. */
export const albumKeys = {
  all: ['albums'] as const,
  lists: () => [...albumKeys.all, 'list'] as const,
  catalogue: () => [...albumKeys.lists(), 'catalogue'] as const,
  featured: () => [...albumKeys.all, 'featured'] as const,
  byArtist: (artistId: string) => [...albumKeys.lists(), 'by-artist', artistId] as const,
  details: () => [...albumKeys.all, 'detail'] as const,
  detail: (albumId: string) => [...albumKeys.details(), albumId] as const,
  tracks: (albumId: string) => [...albumKeys.detail(albumId), 'tracks'] as const,
};

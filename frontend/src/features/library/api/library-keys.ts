/** Query keys of the signed-in listener's library, from the most general to the most specific. */
export const libraryKeys = {
  all: ['library'] as const,
  albums: () => [...libraryKeys.all, 'albums'] as const,
  tracks: () => [...libraryKeys.all, 'tracks'] as const,
  favorites: () => [...libraryKeys.all, 'favorites'] as const,
  recentlyPlayed: (limit: number) => [...libraryKeys.all, 'recently-played', limit] as const,
};

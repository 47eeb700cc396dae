/** Query keys of the artist reads, from the most general to the most specific. */
export const artistKeys = {
  all: ['artists'] as const,
  list: () => [...artistKeys.all, 'list'] as const,
  detail: (artistId: string) => [...artistKeys.all, 'detail', artistId] as const,
};

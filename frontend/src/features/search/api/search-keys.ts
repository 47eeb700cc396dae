/** Query keys of search and playlists, from the most general to the most specific. */
export const searchKeys = {
  all: ['search'] as const,
  results: (query: string) => [...searchKeys.all, 'results', query] as const,
  suggestions: (query: string) => [...searchKeys.all, 'suggestions', query] as const,
};

export const playlistKeys = {
  all: ['playlists'] as const,
  list: () => [...playlistKeys.all, 'list'] as const,
  detail: (playlistId: string) => [...playlistKeys.all, 'detail', playlistId] as const,
};

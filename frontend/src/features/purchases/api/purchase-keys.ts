/** Query keys of the signed-in listener's purchases, from the most general to the most specific. */
export const purchaseKeys = {
  all: ['purchases'] as const,
  history: () => [...purchaseKeys.all, 'history'] as const,
  downloads: () => [...purchaseKeys.all, 'downloads'] as const,
  checkout: (sessionId: string) => [...purchaseKeys.all, 'checkout', sessionId] as const,
};

/** Query keys of the membership reads, from the most general to the most specific (all depend on who is signed in). */
export const membershipKeys = {
  all: ['membership'] as const,
  subscription: () => [...membershipKeys.all, 'subscription'] as const,
  exclusiveContent: () => [...membershipKeys.all, 'exclusive-content'] as const,
  exclusiveVideos: () => [...membershipKeys.all, 'exclusive-videos'] as const,
  videoBySlug: (slug: string) => [...membershipKeys.all, 'video-by-slug', slug] as const,
  checkout: (sessionId: string) => [...membershipKeys.all, 'checkout', sessionId] as const,
  check: (email: string) => [...membershipKeys.all, 'check', email] as const,
};

/** Query keys of the merch shop's reads, from the most general to the most specific. */
export const merchKeys = {
  all: ['merch'] as const,
  products: () => [...merchKeys.all, 'products'] as const,
  collections: () => [...merchKeys.all, 'collections'] as const,
  /** Per listener: it depends on who is signed in. */
  memberDiscount: (userId: string | null) => [...merchKeys.all, 'member-discount', userId] as const,
};

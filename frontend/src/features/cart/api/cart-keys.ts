/** Query keys of the signed-in listener's album cart, from the most general to the most specific. */
export const cartKeys = {
  all: ['cart'] as const,
  items: () => [...cartKeys.all, 'items'] as const,
};

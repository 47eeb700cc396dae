/** Resolves in a task of its own: the browser runs what waits (a paint, input) before the work after it. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the page has been painted (the frame after the next one has begun), or in the next task when the
 * page is hidden (a background tab paints nothing, and its app must start all the same).
 */
export const afterFirstPaint = (): Promise<void> =>
  document.visibilityState === 'hidden' ? nextTask() : new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

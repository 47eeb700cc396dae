/** Resolves in a task of its own: the browser runs what waits (a paint, input) before the work after it. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

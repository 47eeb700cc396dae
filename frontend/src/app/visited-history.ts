/**
 * Where the listener stands among the pages this app pushed in this tab, and how far forward they reach: what
 * swipe navigation moves through. A page is known by its position, which the router keeps in each history entry
 * (`history.state.idx`), so the gestures know the pages visited before their code loaded, and after a reload.
 */

export interface VisitedHistory {
  /** The position of the page shown. */
  index: number;
  /** The position of the last page known ahead of it (a back leaves the pages ahead reachable). */
  last: number;
}

type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

/** The router's position of the current history entry; 0 for an entry it did not make. */
export function routerPosition(state: unknown): number {
  const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : null;
  return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0 ? idx : 0;
}

/** Forward from the first page shown is unknown (a reload keeps no record of it), so it is not offered. */
export const startHistory = (position: number): VisitedHistory => ({ index: position, last: position });

export function visit(history: VisitedHistory, position: number, kind: NavigationKind): VisitedHistory {
  // A new visit drops the pages ahead; a replacement keeps them; back or forward keeps every page known.
  if (kind === 'PUSH') return { index: position, last: position };
  return { index: position, last: Math.max(history.last, position) };
}

export const canGoBack = (history: VisitedHistory): boolean => history.index > 0;
export const canGoForward = (history: VisitedHistory): boolean => history.index < history.last;

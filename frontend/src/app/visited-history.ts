/**
 * The pages visited in this tab, in order, and where the listener stands among them: what swipe navigation
 * moves through. Fed by the router's location keys and navigation types (PUSH, REPLACE, POP).
 */

export interface VisitedHistory {
  keys: readonly string[];
  index: number;
}

export type NavigationKind = 'PUSH' | 'REPLACE' | 'POP';

export const startHistory = (key: string): VisitedHistory => ({ keys: [key], index: 0 });

export function visit(history: VisitedHistory, key: string, kind: NavigationKind): VisitedHistory {
  if (history.keys[history.index] === key) return history;
  if (kind === 'PUSH') return { keys: [...history.keys.slice(0, history.index + 1), key], index: history.index + 1 };
  if (kind === 'REPLACE') return { keys: history.keys.map((k, i) => (i === history.index ? key : k)), index: history.index };
  // Back or forward (a swipe, the browser's buttons): find the page among the visited ones.
  const known = history.keys.indexOf(key);
  if (known >= 0) return { ...history, index: known };
  // A page from before this app started (the tab's earlier history): it becomes the first one known.
  return { keys: [key, ...history.keys.slice(history.index)], index: 0 };
}

export const canGoBack = (history: VisitedHistory): boolean => history.index > 0;
export const canGoForward = (history: VisitedHistory): boolean => history.index < history.keys.length - 1;

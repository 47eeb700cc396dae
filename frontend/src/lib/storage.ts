/** Browser storage that never throws: private windows, full quotas and disabled storage just read as empty. */

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage refused (quota or privacy mode): the value simply is not remembered.
  }
}

export function removeStored(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Storage unavailable: there is nothing to remove.
  }
}

/** Forgets everything this site keeps in the browser (a deleted account: its bag, cart, queue and settings). */
export function forgetAllStored(): void {
  for (const which of ['local', 'session'] as const) {
    try {
      area(which)?.clear();
    } catch {
      // Storage unavailable: there is nothing kept to forget.
    }
  }
}

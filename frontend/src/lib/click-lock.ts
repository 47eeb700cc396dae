/** A guard against repeated clicks: after an accepted click, clicks within `lockMs` are ignored. */
export function createClickLock(lockMs: number): (now: number) => boolean {
  let lastAccepted: number | null = null;
  return (now) => {
    if (lastAccepted !== null && now - lastAccepted < lockMs) return false;
    lastAccepted = now;
    return true;
  };
}

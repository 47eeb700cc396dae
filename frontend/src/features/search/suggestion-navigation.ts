/** Moving through the suggestion list with the arrow keys: -1 is the text box itself; the ends wrap through it. */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (active === -1) return step === 1 ? 0 : count - 1;
  const next = active + step;
  return next < 0 || next >= count ? -1 : next;
}

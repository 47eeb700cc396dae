/**
 * The label's money rules: amounts are integer cents from here on, and a sum split into shares (a Stripe fee over an
 * order's albums, a refund over them) is split so the shares add up to the sum exactly. Pure.
 */

/**
 * Dollars (events' album prices, 9.99) to integer cents, once, at the edge of the ledger.
 * Rounding rule: to the nearest cent, halves away from zero, decided on the decimal value: the product is first
 * cut to 12 significant digits, which drops binary floating-point noise (9.99 * 100 = 998.9999999999999 → 999,
 * 0.285 * 100 = 28.499999999999996 → 28.5 → 29). Events' prices have two decimals, so this rounding only removes noise.
 */
export function centsOf(dollars: number): number {
  const cents = Math.round(Number((Math.abs(dollars) * 100).toPrecision(12)));
  return dollars < 0 ? -cents : cents;
}

/**
 * Splits `total` cents into shares proportional to `weights` (non-negative), by the largest remainder: each share
 * is first rounded down, then the cents left over go one each to the largest remainders (ties to the earliest),
 * so the shares always add up to `total`. No weight at all splits evenly.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`allocate takes non-negative integer cents, got ${total}`);
  if (weights.length === 0) return [];
  if (weights.some((w) => w < 0 || !Number.isFinite(w))) throw new RangeError('allocate takes non-negative weights');
  const sum = weights.reduce((a, b) => a + b, 0);
  const even = sum === 0;
  const exact = weights.map((w) => (even ? total / weights.length : (total * w) / sum));
  const shares = exact.map((x) => Math.floor(x));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, remainder: x - Math.floor(x) })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) shares[order[k].i] += 1;
  return shares;
}

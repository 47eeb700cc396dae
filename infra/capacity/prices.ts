/**
 * AWS list prices the cost model uses: us-east-1, on-demand, without free tiers or discounts (as published in
 * 2026; change them here when they change). Dollars.
 */
export const PRICES = {
  dynamo: {
    /** On-demand, per million write / read request units. */
    writeUnitsPerMillion: 0.625,
    readUnitsPerMillion: 0.125,
    storageGbMonth: 0.25,
  },
  /** FIFO requests (a request carries up to 10 messages of up to 64 KB). */
  sqsFifoPerMillionRequests: 0.5,
  lambda: { perMillionRequests: 0.2, perGbSecond: 0.0000166667 },
  /** HTTP API, per million requests (first 300 million a month). */
  apiGatewayPerMillion: 1.0,
  cloudFront: {
    /** Data out to the internet, North America/Europe, by monthly tier: [up to GB, dollars per GB]. */
    dataOutTiers: [
      [10_240, 0.085],
      [51_200, 0.08],
      [153_600, 0.06],
      [512_000, 0.04],
      [1_048_576, 0.03],
      [5_242_880, 0.025],
      [Number.POSITIVE_INFINITY, 0.02],
    ] as [number, number][],
    httpsPerTenThousand: 0.01,
  },
  s3: { getPerThousand: 0.0004, putPerThousand: 0.005, storageGbMonth: 0.023 },
  sesPerThousand: 0.1,
  cloudWatchLogsIngestPerGb: 0.5,
} as const;

/** CloudFront's data-out bill for a month's gigabytes, tier by tier. */
export function cloudFrontDataOut(gb: number): number {
  let left = gb;
  let from = 0;
  let dollars = 0;
  for (const [upTo, price] of PRICES.cloudFront.dataOutTiers) {
    const inTier = Math.min(left, upTo - from);
    dollars += inTier * price;
    left -= inTier;
    from = upTo;
    if (left <= 0) break;
  }
  return dollars;
}

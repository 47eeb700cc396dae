/**
 * The capacity and cost model of the deployed system (docs/capacity.md explains it): at a number of daily
 * listeners, the peak hour's rates per DynamoDB table and partition key against the per-partition limits, SQS FIFO
 * per queue and message group, Lambda concurrency and API Gateway, and the month's cost per component at list
 * prices. The plays come from simulate.ts (the projections' real writes); the rarer requests from the per-request
 * costs below, read off their handlers.
 */
import { ALBUMS_INDEX, ARTISTS_INDEX, featuredAlbumKey } from '../../functions/catalogue/projections/catalogue.js';
import { routeThrottles } from '../aws/throttling.js';
import { EDGE_CACHE_SECONDS, REGIONAL_EDGE_CACHES, edgeCachedRoutes } from '../aws/edge-cache.js';
import { PLAYS_PER_LISTENER_PER_DAY, monthlyCount, peakRate, type Load } from './load.js';
import { PRICES, cloudFrontDataOut } from './prices.js';
import { simulatePeakSecond, type PartitionUse, type QueueUse, type TableName } from './simulate.js';

/** DynamoDB's per-partition limits, and the share of them the design may use at peak. */
export const PARTITION_WCU = 1_000;
export const PARTITION_RCU = 3_000;
export const PARTITION_GOAL = 0.5;
/** SQS FIFO in high-throughput mode (us-east-1): calls per second per API action and queue, messages per second per group. */
export const FIFO_CALLS_PER_ACTION = 70_000;
export const FIFO_GROUP_MESSAGES = 300;
/** The account's default Lambda concurrency and HTTP API request rate. */
export const LAMBDA_CONCURRENCY = 1_000;
export const API_RATE = 10_000;

/** Assumed warm durations (milliseconds) and memory (MB, infra/aws/api-stack.ts) per invocation. */
const DURATION = { api: 40, relay: 80, projectorBatch: 120 };
const MEMORY = { api: 1024, consumer: 512 };

/**
 * The other requests, per listener per day, and what each costs in DynamoDB units, read off their handlers (the
 * session check is 2 consistent reads, functions/platform/session.ts; a command reads its stream and appends).
 */
const REQUESTS = {
  /**
   * Home page: GET /api/featured-album (the staff's choice, that album, or the newest by a Query of one item, and its
   * play count: three small eventually consistent reads, ½ RCU each) and GET /api/artists (one Query of the artists
   * index, ~1.5 KB an artist, ½ RCU per 4 KB).
   */
  home: { perListener: 3, featuredRcu: 3 * 0.5 },
  /** Album or artist page: the album item, its tracks' play counts (10 items), the session. */
  page: { perListener: 5, rcu: 13 },
  /** Library change: session, stream read, append, the library projector's commit (checkpoint + 2 items, transactional). */
  library: { wcu: 1 + 2 * 3, rcu: 2 + 1 + 2 },
  /** Sign-in: challenge (HMAC) put, two rate-limit counters, the mail job; the code check reads and deletes it. */
  signIn: { wcu: 4, rcu: 3, mails: 1 },
  /** Purchase: checkout (cart read, order stream append), webhook (dedupe item, append), projections and the receipt. */
  purchase: { wcu: 14, rcu: 12, mails: 1 },
};

/** A Query of the whole artists index: about one artist per six albums, ~1.5 KB each, eventually consistent. */
const artistsIndexRcu = (load: Load) => Math.ceil(((load.albums / 6) * 1_500) / 4_096) / 2;

export interface PartitionRow extends PartitionUse {
  /** The larger of its write and read share of the partition's limits. */
  share: number;
}

export interface CostLine {
  component: string;
  monthly: number;
}

export interface CapacityReport {
  dailyListeners: number;
  peak: { playsPerSecond: number; apiRequestsPerSecond: number };
  partitions: PartitionRow[];
  tables: { table: TableName; wcu: number; rcu: number }[];
  queues: (QueueUse & { callsPerAction: number })[];
  lambda: { concurrency: number; byFunction: Record<string, number> };
  api: { requestsPerSecond: number; routes: { route: string; peak: number; throttle: number }[] };
  cost: { lines: CostLine[]; monthly: number; perMillionPlays: number; topPerMillionPlays: CostLine[] };
  goal: { hottest: PartitionRow; met: boolean };
}

const shareOf = (p: PartitionUse) => Math.max(p.wcu / PARTITION_WCU, p.rcu / PARTITION_RCU);

export async function capacityAt(load: Load): Promise<CapacityReport> {
  const sim = await simulatePeakSecond(load);
  const perSecond = (perListener: number) => peakRate(perListener, load);

  // The home page's two reads, answered from CloudFront's cache for all but one request per regional edge cache per
  // period (infra/aws/edge-cache.ts).
  const cached = edgeCachedRoutes.includes('GET /api/featured-album') && edgeCachedRoutes.includes('GET /api/artists');
  const homeViews = perSecond(REQUESTS.home.perListener);
  const listQueries = cached ? Math.min(homeViews, REGIONAL_EDGE_CACHES / EDGE_CACHE_SECONDS) : homeViews;
  const partitions: PartitionUse[] = [
    ...sim.partitions,
    { table: 'views', pk: featuredAlbumKey.pk, wcu: 0, rcu: listQueries * 0.5 },
    { table: 'views', pk: `gsi1 ${ALBUMS_INDEX}`, wcu: 0, rcu: listQueries * 0.5 },
    { table: 'views', pk: `gsi1 ${ARTISTS_INDEX}`, wcu: 0, rcu: listQueries * artistsIndexRcu(load) },
  ];
  const rows = partitions.map((p) => ({ ...p, share: shareOf(p) })).sort((a, b) => b.share - a.share);

  // Table totals at peak: the plays' (simulated) and the other requests' (per-request costs).
  const other = {
    wcu:
      perSecond(load.libraryChangesPerListener) * REQUESTS.library.wcu +
      perSecond(load.signInsPerListener) * REQUESTS.signIn.wcu +
      perSecond(load.purchasesPerListener) * REQUESTS.purchase.wcu,
    rcu:
      perSecond(REQUESTS.page.perListener) * REQUESTS.page.rcu +
      perSecond(load.libraryChangesPerListener) * REQUESTS.library.rcu +
      perSecond(load.signInsPerListener) * REQUESTS.signIn.rcu +
      perSecond(load.purchasesPerListener) * REQUESTS.purchase.rcu +
      listQueries * (REQUESTS.home.featuredRcu + artistsIndexRcu(load)),
  };
  const byTable = new Map<TableName, { table: TableName; wcu: number; rcu: number }>();
  for (const p of partitions) {
    const t = byTable.get(p.table) ?? { table: p.table, wcu: 0, rcu: 0 };
    t.wcu += p.wcu;
    t.rcu += p.rcu;
    byTable.set(p.table, t);
  }
  const playsWcu = sim.partitions.reduce((sum, p) => sum + p.wcu, 0);
  const playsRcu = sim.partitions.reduce((sum, p) => sum + p.rcu, 0);

  // API: plays, pages, and the rest.
  // A play is two requests: its start (the token) and its report.
  const apiPerSecond =
    sim.plays * 2 +
    homeViews * 2 +
    perSecond(REQUESTS.page.perListener) * 2 +
    perSecond(load.libraryChangesPerListener) +
    perSecond(load.signInsPerListener) * 2 +
    perSecond(load.purchasesPerListener) * 3;
  const routes = [
    { route: 'POST /api/track-play/start', peak: sim.plays },
    { route: 'POST /api/track-play', peak: sim.plays },
    { route: 'POST /api/auth/smart-signin', peak: perSecond(load.signInsPerListener) },
    { route: 'POST /api/cart/checkout', peak: perSecond(load.purchasesPerListener) },
  ].map((r) => ({ ...r, throttle: routeThrottles[r.route as keyof typeof routeThrottles]?.rateLimit ?? API_RATE }));

  // Lambda: invocations a second times their duration.
  const byFunction: Record<string, number> = { api: ((apiPerSecond - homeViews * 2 + listQueries * 2) * DURATION.api) / 1_000 };
  for (const [name, n] of Object.entries(sim.invocations))
    byFunction[name] = (n * (name === 'relay' ? DURATION.relay : DURATION.projectorBatch)) / 1_000;
  const concurrency = Object.values(byFunction).reduce((a, b) => a + b, 0);

  const queues = sim.queues.map((q) => ({ ...q, callsPerAction: Math.ceil(q.apiCalls / 3) }));

  // The month, at the day's mean (the peak hour's rates are for limits, not for the bill).
  const monthPlays = monthlyCount(PLAYS_PER_LISTENER_PER_DAY, load);
  const perPlay = { wcu: playsWcu / sim.plays, rcu: playsRcu / sim.plays };
  const monthRequests = (perListener: number) => monthlyCount(perListener, load);
  const writeUnits =
    monthPlays * perPlay.wcu +
    monthRequests(load.libraryChangesPerListener) * REQUESTS.library.wcu +
    monthRequests(load.signInsPerListener) * REQUESTS.signIn.wcu +
    monthRequests(load.purchasesPerListener) * REQUESTS.purchase.wcu;
  const readUnits = monthPlays * perPlay.rcu + (other.rcu / Math.max(1, peakRate(1, load))) * load.dailyListeners * load.daysPerMonth;
  const apiMonth = (apiPerSecond / peakRate(1, load)) * load.dailyListeners * load.daysPerMonth;
  const sqsRequests = sim.queues.reduce((sum, q) => sum + q.apiCalls, 0) * (monthPlays / sim.plays);
  const lambdaInvocations = apiMonth + Object.values(sim.invocations).reduce((a, b) => a + b, 0) * (monthPlays / sim.plays);
  const gbSeconds =
    (apiMonth * DURATION.api * MEMORY.api) / 1_000 / 1_024 +
    (Object.entries(sim.invocations).reduce(
      (sum, [name, n]) => sum + n * (name === 'relay' ? DURATION.relay : DURATION.projectorBatch),
      0,
    ) *
      (monthPlays / sim.plays) *
      MEMORY.consumer) /
      1_000 /
      1_024;
  const audioGb = (monthPlays * load.audioBytesPerPlay) / 1e9;
  const pageGb = (monthRequests(load.pageViewsPerListener) * 60_000) / 1e9;
  const mails =
    monthRequests(load.signInsPerListener) * REQUESTS.signIn.mails + monthRequests(load.purchasesPerListener) * REQUESTS.purchase.mails;
  // Each play is one request for the audio (ranges coalesce in the browser cache) and logs about 1 KB across its functions.
  const lines: CostLine[] = [
    { component: 'DynamoDB writes', monthly: (writeUnits / 1e6) * PRICES.dynamo.writeUnitsPerMillion },
    { component: 'DynamoDB reads', monthly: (readUnits / 1e6) * PRICES.dynamo.readUnitsPerMillion },
    { component: 'DynamoDB storage (events: 300 B a play, kept)', monthly: ((monthPlays * 300) / 1e9) * PRICES.dynamo.storageGbMonth },
    { component: 'SQS FIFO', monthly: (sqsRequests / 1e6) * PRICES.sqsFifoPerMillionRequests },
    {
      component: 'Lambda',
      monthly: (lambdaInvocations / 1e6) * PRICES.lambda.perMillionRequests + gbSeconds * PRICES.lambda.perGbSecond,
    },
    { component: 'API Gateway (HTTP API)', monthly: (apiMonth / 1e6) * PRICES.apiGatewayPerMillion },
    { component: 'CloudFront data out (audio)', monthly: cloudFrontDataOut(audioGb + pageGb) * (audioGb / (audioGb + pageGb)) },
    { component: 'CloudFront data out (pages, API)', monthly: cloudFrontDataOut(audioGb + pageGb) * (pageGb / (audioGb + pageGb)) },
    {
      component: 'CloudFront requests',
      monthly: ((apiMonth + monthPlays + monthRequests(load.pageViewsPerListener) * 3) / 1e4) * PRICES.cloudFront.httpsPerTenThousand,
    },
    { component: 'SES', monthly: (mails / 1e3) * PRICES.sesPerThousand },
    { component: 'CloudWatch Logs', monthly: ((monthPlays * 1_024 + apiMonth * 512) / 1e9) * PRICES.cloudWatchLogsIngestPerGb },
  ];
  const monthly = lines.reduce((sum, l) => sum + l.monthly, 0);
  // Per million plays: what the plays alone cost (their writes, reads, queues, functions, requests, audio and logs).
  const playShare = (l: CostLine): number => {
    switch (l.component) {
      case 'DynamoDB writes':
        return (monthPlays * perPlay.wcu) / writeUnits;
      case 'DynamoDB reads':
        return (monthPlays * perPlay.rcu) / readUnits;
      case 'DynamoDB storage (events: 300 B a play, kept)':
      case 'SQS FIFO':
      case 'CloudFront data out (audio)':
        return 1;
      case 'Lambda':
      case 'API Gateway (HTTP API)':
        return sim.plays / apiPerSecond;
      case 'CloudFront requests':
        return (2 * monthPlays) / (apiMonth + monthPlays + monthRequests(load.pageViewsPerListener) * 3);
      case 'CloudWatch Logs':
        return (monthPlays * 1_024) / (monthPlays * 1_024 + apiMonth * 512);
      default:
        return 0;
    }
  };
  const perMillion = lines.map((l) => ({ component: l.component, monthly: (l.monthly * playShare(l) * 1e6) / monthPlays }));
  const hottest = rows[0];
  return {
    dailyListeners: load.dailyListeners,
    peak: { playsPerSecond: sim.plays, apiRequestsPerSecond: apiPerSecond },
    partitions: rows,
    tables: [...byTable.values()].map((t) => (t.table === 'views' ? { ...t, wcu: t.wcu + other.wcu, rcu: t.rcu + other.rcu } : t)),
    queues,
    lambda: { concurrency, byFunction },
    api: { requestsPerSecond: apiPerSecond, routes },
    cost: {
      lines,
      monthly,
      perMillionPlays: perMillion.reduce((sum, l) => sum + l.monthly, 0),
      topPerMillionPlays: [...perMillion].sort((a, b) => b.monthly - a.monthly).slice(0, 3),
    },
    goal: { hottest, met: hottest.share <= PARTITION_GOAL },
  };
}

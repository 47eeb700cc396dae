/**
 * The API answers CloudFront keeps for a few seconds: the catalogue's lists and the featured album, the same for every
 * caller (their handlers read no session) and read on every home page. Each is one Query of the whole catalogue index, a single
 * partition: at 1,000,000 daily listeners uncached they would take twice its 3,000 RCU (`npm run capacity`);
 * cached, the origin sees at most one read per regional edge cache per period. Read by the web stack and the model.
 */
import type { RouteKey } from '../../functions/routes.js';

export const EDGE_CACHE_SECONDS = 10;

/** Exact paths only: a wildcard would also cover per-listener answers such as an album's tracks (signed audio URLs). */
export const edgeCachedRoutes: RouteKey[] = ['GET /api/albums', 'GET /api/artists', 'GET /api/featured-album'];

/** CloudFront's regional edge caches, each of which fetches a cached answer from the origin once per period at most. */
export const REGIONAL_EDGE_CACHES = 13;

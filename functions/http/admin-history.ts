/**
 * HTTP context `admin-history`: what the admin pages show of the event log. An artist's, album's or person's stream,
 * newest first with who did what and when, and an album replayed as it was at a past time. Reads only, by key.
 */
import { albumAsOf, historyPage } from '../lib/history.js';
import { contextHandler } from '../lib/http.js';
import { releaseDto } from '../lib/release-details.js';

export const handler = contextHandler('admin-history', {
  'GET /api/admin/history/{kind}/{id}': async ({ params, query }) =>
    historyPage(params.kind, params.id, { beforeVersion: query.cursor ? Number(query.cursor) : undefined, limit: query.limit }),

  'GET /api/admin/albums/{id}/as-of': async ({ params, query }) => {
    const at = new Date(query.at);
    const { state, version } = await albumAsOf(params.id, at);
    return { ...releaseDto(params.id, state), asOf: at.toISOString(), version };
  },
});

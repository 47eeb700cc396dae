/**
 * HTTP context `admin-history`: what the admin pages show of the event log. An artist's, album's or person's stream,
 * newest first with who did what and when, and an album replayed as it was at a past time. Reads only, by key.
 * Any admin may call them; what a history is about decides who may read it: a person's, those who look after people,
 * the catalogue's, those who run it.
 */
import type { AdminPermission } from '../../../events/index.js';
import { forbidden } from '../../platform/errors.js';
import { authorizer, mayAct } from '../../accounts/index.js';
import { albumAsOf, historyPage } from '../history.js';
import { contextHandler, type AdminSession } from '../../platform/http.js';
import { adminHistoryRoutes } from '../../routes.js';
import { releaseDto } from '../../catalogue/index.js';

function allow(session: AdminSession, permission: AdminPermission, about: string) {
  if (!mayAct(session.permissions, permission))
    throw forbidden('permission_required', `Your admin account may not read ${about}: ask an owner for this permission`);
}

export const handler = contextHandler(adminHistoryRoutes, authorizer, {
  'GET /api/admin/history/{kind}/{id}': async ({ params, query, session }) => {
    if (params.kind === 'user') allow(session, 'people', "a person's history");
    else allow(session, 'catalogue', "the catalogue's history");
    return historyPage(params.kind, params.id, { beforeVersion: query.cursor ? Number(query.cursor) : undefined, limit: query.limit });
  },

  'GET /api/admin/albums/{id}/as-of': async ({ params, query, session }) => {
    allow(session, 'catalogue', "the catalogue's history");
    const at = new Date(query.at);
    const { state, version } = await albumAsOf(params.id, at);
    return { ...releaseDto(params.id, state), asOf: at.toISOString(), version };
  },
});

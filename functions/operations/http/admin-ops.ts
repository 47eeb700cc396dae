/**
 * HTTP context `admin-ops`: the sync manager. Each consumer's status, its dead letters and their redrive
 * (functions/operations/); the refused play reports of the last hour and day by reason (functions/operations/suspicious-plays.ts); a redrive is recorded as an event with the admin as actor. The event log browsed by stream or
 * listener, and a correlation id traced through the events and consumers (functions/operations/event-log.ts). One stream
 * healed in a projection's views (functions/operations/heal.ts), and the drift detector's latest result and a check now
 * (functions/operations/drift.ts). A projection's
 * blue/green rebuild, its switch and the drop of its old generation (functions/operations/rebuild.ts), each an operator's event.
 */
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../../accounts/index.js';
import { contextHandler } from '../../platform/http.js';
import { adminOpsRoutes } from '../../routes.js';
import { listDeadLetters, redrive } from '../dead-letters.js';
import { checkDrift, latestDrift } from '../drift.js';
import { findStreams, readStreamPage, traceCorrelation } from '../event-log.js';
import { healStream, projectorsOf } from '../heal.js';
import { consumerStatuses } from '../status.js';
import { suspiciousPlays } from '../suspicious-plays.js';
import { dropOldGeneration, listRebuilds, rebuildAnswer, requestRebuild, switchRebuild } from '../rebuild.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

export const handler = contextHandler(adminOpsRoutes, authorizer, {
  'GET /api/admin/ops/consumers': async ({ request }) => consumerStatuses(request.receivedAt),

  'GET /api/admin/ops/suspicious-plays': async ({ request }) => suspiciousPlays(request.receivedAt),

  'GET /api/admin/ops/consumers/{name}/dead-letters': async ({ params }) => listDeadLetters(params.name),

  'POST /api/admin/ops/consumers/{name}/dead-letters/redrive': async ({ params, body, session, request }) =>
    redrive(params.name, body, commandContext(session, request)),

  'GET /api/admin/ops/streams': async ({ query, request }) => findStreams(query.q, request.receivedAt),

  'GET /api/admin/ops/events': async ({ query }) => ({
    ...(await readStreamPage(query.stream, query.after, query.limit)),
    projections: projectorsOf(query.stream),
  }),

  'GET /api/admin/ops/traces/{id}': async ({ params }) => traceCorrelation(params.id),

  'POST /api/admin/ops/projections/{projection}/streams/{streamId}/heal': async ({ params, session, request }) =>
    healStream(params.projection, params.streamId, commandContext(session, request)),

  'GET /api/admin/ops/drift': async () => ({ report: await latestDrift() }),

  // Within the HTTP function's time: what is not compared by then counts as unchecked.
  'POST /api/admin/ops/drift/check': async ({ body, request }) => checkDrift({ ...body, budgetMs: 6_000 }, request.receivedAt),

  'GET /api/admin/ops/rebuilds': async () => listRebuilds(),

  // Recorded only: the rebuilds job (functions/operations/scheduled/rebuilds.ts) does the work, at the rebuild's pace.
  'POST /api/admin/ops/rebuilds/{projection}': async ({ params, session, request }) =>
    rebuildAnswer(await requestRebuild(params.projection, commandContext(session, request))),

  'POST /api/admin/ops/rebuilds/{projection}/switch': async ({ params, session, request }) =>
    rebuildAnswer(await switchRebuild(params.projection, commandContext(session, request))),

  'POST /api/admin/ops/rebuilds/{projection}/drop': async ({ params, session, request }) => {
    const { record, deleted, done } = await dropOldGeneration(params.projection, commandContext(session, request));
    return { rebuild: rebuildAnswer(record), deleted, done };
  },
});

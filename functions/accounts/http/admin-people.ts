/**
 * HTTP context `admin-people`: the admins' listener search, the list of everyone in the order asked, the listener page, complimentary Toko+, the admin
 * role, blocking, and the band page's fan signups (a page, or all of them as CSV). Every change is an event on
 * the listener's stream with the admin as actor and the request as correlation id.
 */
import { notFound } from '../../platform/errors.js';
import { setAdminRole } from '../admin-roster.js';
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../authorizer.js';
import { contextHandler, reply, type AdminSession, type RequestInfo } from '../../platform/http.js';
import { adminPeopleRoutes } from '../../routes.js';
import { adminUserOf, fanSignups, fanSignupsCsv, listPeople, userPage } from '../people.js';
import { freshUser, runUserCommand } from '../users.js';
import type { UserView } from '../projections/users.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

async function existing(userId: string): Promise<UserView> {
  const user = await freshUser(userId);
  if (!user) throw notFound('user_not_found', 'No account has this id');
  return user;
}

/** Runs an admin's command on a listener's stream (it must exist) and answers the account as it is now. */
async function act(
  userId: string,
  session: AdminSession,
  request: RequestInfo,
  run: (context: ReturnType<typeof commandContext>) => Promise<UserView>,
  message: string,
) {
  await existing(userId);
  const user = await run(commandContext(session, request));
  return { user: adminUserOf(user, request.receivedAt), message };
}

export const handler = contextHandler(adminPeopleRoutes, authorizer, {
  'GET /api/admin/users': ({ query, request }) => listPeople(query, request.receivedAt),

  'GET /api/admin/users/{id}': async ({ params, request }) => userPage(await existing(params.id), request.receivedAt),

  'POST /api/admin/users/{id}/complimentary-membership': ({ params, body, session, request }) =>
    act(
      params.id,
      session,
      request,
      (context) =>
        runUserCommand(
          params.id,
          { type: 'GrantComplimentary', endsAt: new Date(body.endsAt).toISOString(), at: request.receivedAt.toISOString() },
          context,
        ),
      'Complimentary Toko+ granted',
    ),

  'DELETE /api/admin/users/{id}/complimentary-membership': ({ params, session, request }) =>
    act(
      params.id,
      session,
      request,
      (context) => runUserCommand(params.id, { type: 'RevokeComplimentary', at: request.receivedAt.toISOString() }, context),
      'Complimentary Toko+ revoked',
    ),

  'PUT /api/admin/users/{id}/role': ({ params, body, session, request }) =>
    act(
      params.id,
      session,
      request,
      (context) => setAdminRole(params.id, body, session.userId, context),
      body.role === 'admin' ? 'Now an admin' : 'No longer an admin',
    ),

  'POST /api/admin/users/{id}/block': ({ params, body, session, request }) =>
    act(
      params.id,
      session,
      request,
      (context) => runUserCommand(params.id, { type: 'Block', by: session.userId, reason: body.reason || null }, context),
      'Account blocked: its sessions have ended',
    ),

  'DELETE /api/admin/users/{id}/block': ({ params, session, request }) =>
    act(params.id, session, request, (context) => runUserCommand(params.id, { type: 'Unblock' }, context), 'Account unblocked'),

  'GET /api/admin/fan-signups': ({ query }) => fanSignups(query.cursor),

  'GET /api/admin/fan-signups/export': async () =>
    reply({
      body: await fanSignupsCsv(),
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="fan-signups.csv"' },
    }),
});

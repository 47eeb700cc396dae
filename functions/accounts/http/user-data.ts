/** HTTP context `user-data`: a listener's own data, as a JSON file built from their events in the log, and deleting their account. */
import { commandContexts } from '../../platform/command.js';
import { dynamoEventStore } from '../../platform/event-store.js';
import { authorizer } from '../authorizer.js';
import { contextHandler, reply } from '../../platform/http.js';
import { userDataRoutes } from '../../routes.js';
import { confirmAccountDeletion, requestAccountDeletion } from '../personal-data-deletion.js';
import { exportUserData } from '../personal-data-export.js';
import { clearedSessionCookie } from '../../platform/session.js';

/** This Lambda's commands run on the events table. */
const commandContext = commandContexts(dynamoEventStore);

export const handler = contextHandler(userDataRoutes, authorizer, {
  'GET /api/users/me/export': async ({ session, request }) => {
    const data = await exportUserData(session.userId, request.receivedAt);
    const day = request.receivedAt.toISOString().slice(0, 10);
    return reply({ body: data, headers: { 'content-disposition': `attachment; filename="toko-my-data-${day}.json"` } });
  },

  'POST /api/users/me/deletion': async ({ session, request }) => {
    const { email, minutes } = await requestAccountDeletion(session.userId, request.receivedAt);
    return { success: true as const, email, message: `We sent a 6-digit code to ${email}. It works once, for ${minutes} minutes.` };
  },

  'POST /api/users/me/deletion/confirm': async ({ session, body, request }) => {
    await confirmAccountDeletion(session.userId, body.code, commandContext(session, request));
    // Every session of the account has ended with it; this browser's cookie goes too.
    return reply({
      body: { success: true as const, message: 'Your account and your personal data have been deleted.' },
      cookies: [clearedSessionCookie()],
    });
  },
});

/** HTTP context `user-data`: a listener's own data, as a JSON file built from their events in the log. */
import { contextHandler, reply } from '../lib/http.js';
import { exportUserData } from '../lib/personal-data-export.js';

export const handler = contextHandler('user-data', {
  'GET /api/users/me/export': async ({ session, request }) => {
    const data = await exportUserData(session.userId, request.receivedAt);
    const day = request.receivedAt.toISOString().slice(0, 10);
    return reply({ body: data, headers: { 'content-disposition': `attachment; filename="toko-my-data-${day}.json"` } });
  },
});

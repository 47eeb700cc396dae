/**
 * The authorization matrix of the admin API: every route of the manifest under /api/admin/ (new ones are covered
 * as they are added), called as a guest (401), a listener (403), a Toko+ member (403) and an admin (neither).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../functions/routes.js';
import { api, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, signedInListener, type TestListener } from '../support/signed-in.js';

const adminRoutes = routes.filter((r) => r.path.startsWith('/api/admin/'));

let listener: TestListener;
let member: TestListener;
let admin: TestListener;
beforeAll(async () => {
  useCloudEnv();
  [listener, member, admin] = await Promise.all([signedInListener(), signedInListener('toko_plus'), signedInAdmin()]);
});

/** The route with every path parameter named `x` (no such entity), and an empty JSON body where it takes one. */
const request = (route: (typeof adminRoutes)[number]) => ({
  path: route.path.replace(/\{\w+\}/g, 'x'),
  init: { method: route.method, ...(route.method === 'GET' ? {} : { json: {} }) },
});

describe('admin authorization matrix', () => {
  it('has admin routes to walk, each declared admin', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.filter((r) => r.auth !== 'admin').map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it.each(adminRoutes.map((r) => ({ key: `${r.method} ${r.path}`, route: r })))(
    '$key: guest 401, listener 403, member 403, admin allowed',
    async ({ route }) => {
      const { path, init } = request(route);
      expect((await api(path, init)).status, 'guest').toBe(401);
      expect((await listener.call(path, init)).status, 'listener').toBe(403);
      expect((await member.call(path, init)).status, 'Toko+ member').toBe(403);
      expect([401, 403], 'admin').not.toContain((await admin.call(path, init)).status);
    },
  );
});

/**
 * The admin API's authorization on the local cloud: every route of the manifest under /api/admin/ (new ones are covered
 * as they are added) refuses a guest (401) and a listener (403), lets through an admin of the route's own level (an
 * owner where the route is any admin's), at most asking a sensitive act's step-up, and refuses an admin of another
 * level with 403 `permission_required`: each Lambda applies the manifest's levels with accounts' rule. The whole matrix
 * (a Toko+ member and every level against every route) is the edge's, at the unit tier:
 * functions/accounts/admin-authorization.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminPermission } from '../../events/index.js';
import { mayAct } from '../../functions/accounts/domain/user.js';
import { adminLevels, routes, type AuthLevel } from '../../functions/routes.js';
import { api, useCloudEnv } from '../support/cloud.js';
import { signedInAdmin, signedInListener, type TestAdmin, type TestListener } from '../support/signed-in.js';

const adminRoutes = routes.filter((r) => r.path.startsWith('/api/admin/'));
const permissions = adminLevels.map((level) => level.slice('admin:'.length) as AdminPermission);

let listener: TestListener;
let member: TestListener;
const admins = new Map<AdminPermission, TestAdmin>();
beforeAll(async () => {
  useCloudEnv();
  [listener, member] = await Promise.all([signedInListener(), signedInListener('toko_plus')]);
  const made = await Promise.all(permissions.map((p) => signedInAdmin([p])));
  permissions.forEach((p, i) => admins.set(p, made[i]));
}, 120_000);

/** The route with every path parameter named `x` (no such entity), and an empty JSON body where it takes one. */
const request = (route: (typeof adminRoutes)[number]) => ({
  path: route.path.replace(/\{\w+\}/g, 'x'),
  init: { method: route.method, ...(route.method === 'GET' ? {} : { json: {} }) },
});

const allows = (level: AuthLevel, permission: AdminPermission) =>
  level === 'admin' || (level.startsWith('admin:') && mayAct([permission], level.slice('admin:'.length) as AdminPermission));

describe('admin authorization matrix', () => {
  it("lets a person's history be read by those who look after people, and the catalogue's by those who run it", async () => {
    const read = (permission: AdminPermission, path: string) => admins.get(permission)!.call(path);
    const person = `/api/admin/history/user/${listener.userId}`;
    expect((await read('people', person)).status).toBe(200);
    expect(await read('catalogue', person)).toMatchObject({ status: 403, body: { error: 'permission_required' } });
    const album = '/api/admin/history/album/album-after-hours';
    expect((await read('catalogue', album)).status).toBe(200);
    expect(await read('money', album)).toMatchObject({ status: 403, body: { error: 'permission_required' } });
    expect(await read('people', '/api/admin/albums/album-after-hours/as-of?at=2026-01-01T00:00:00.000Z')).toMatchObject({ status: 403 });
  });

  it.each(adminRoutes.map((r) => ({ key: `${r.method} ${r.path}`, route: r })))(
    '$key: guest 401, listener 403, an admin of its level let through, an admin of another refused',
    async ({ route }) => {
      const { path, init } = request(route);
      expect((await api(path, init)).status, 'guest').toBe(401);
      expect((await listener.call(path, init)).status, 'listener').toBe(403);
      const own = route.auth === 'admin' ? 'owner' : (route.auth.slice('admin:'.length) as AdminPermission);
      const answer = await admins.get(own)!.callAsIs(path, init);
      expect(answer.status, `${own} admin`).not.toBe(401);
      // Let through: at most refused for a step-up the test did not give, or for its made-up input.
      if (answer.status === 403) expect(answer.body.error, `${own} admin`).toBe('step_up_required');
      const other = permissions.find((permission) => !allows(route.auth, permission));
      if (other) {
        expect(await admins.get(other)!.callAsIs(path, init), `${other} admin`).toMatchObject({
          status: 403,
          body: { error: 'permission_required' },
        });
      }
    },
  );

  it('refuses a Toko+ member as it refuses any listener', async () => {
    const { path, init } = request(adminRoutes[0]);
    expect(await member.call(path, init)).toMatchObject({ status: 403, body: { error: 'forbidden' } });
  });
});

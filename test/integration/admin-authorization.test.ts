/**
 * The authorization matrix of the admin API: every route of the manifest under /api/admin/ (new ones are covered as
 * they are added), called as a guest (401), a listener (403), a Toko+ member (403), and an admin of each permission
 * level: let through where the route's level is theirs (an owner's is every level), 403 `permission_required` where
 * it is not. A sensitive route lets its admins through only as far as its step-up.
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
  it('has admin routes to walk, each declared at an admin level', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.filter((r) => !r.auth.startsWith('admin')).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('gives every permission level routes of its own, and the owner every route', () => {
    for (const level of adminLevels)
      expect(
        adminRoutes.some((r) => r.auth === level),
        level,
      ).toBe(true);
    expect(adminRoutes.every((r) => allows(r.auth, 'owner'))).toBe(true);
  });

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
    '$key: guest 401, listener 403, member 403, each admin level as the manifest says',
    async ({ route }) => {
      const { path, init } = request(route);
      expect((await api(path, init)).status, 'guest').toBe(401);
      expect((await listener.call(path, init)).status, 'listener').toBe(403);
      expect((await member.call(path, init)).status, 'Toko+ member').toBe(403);
      for (const permission of permissions) {
        const answer = await admins.get(permission)!.callAsIs(path, init);
        if (allows(route.auth, permission)) {
          expect(answer.status, `${permission} admin`).not.toBe(401);
          // Let through: at most refused for a step-up the test did not give, or for its made-up input.
          if (answer.status === 403) expect(answer.body.error, `${permission} admin`).toBe('step_up_required');
        } else {
          expect(answer, `${permission} admin`).toMatchObject({ status: 403, body: { error: 'permission_required' } });
        }
      }
    },
  );
});

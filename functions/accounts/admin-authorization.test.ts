/**
 * The authorization matrix of the admin API at the edge: every route of the manifest under /api/admin/, called as a
 * guest (401), a listener (403), a Toko+ member (403), and an admin of each permission level, whom accounts' rule lets
 * through where the route's level is theirs (an owner's is every level) and refuses with `permission_required` where
 * it is not; a sensitive route lets its admins through only as far as its step-up. Each context's routes go through
 * the edge as its Lambda serves them (`contextHandler` over its manifest lines), with handlers that only say they were
 * reached. test/integration/admin-authorization.test.ts calls every route on the local cloud, so each Lambda is shown
 * to refuse and let through as this matrix says.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { AdminPermission } from '../../events/index.js';
import { useAliveAdminSessions } from '../../test/support/fake-ephemeral-table.js';
import type { Caller } from '../platform/authorizer.js';
import { notFound } from '../platform/errors.js';
import { contextHandler } from '../platform/http.js';
import { listenerCaller as listener, memoryAuthorizer } from '../platform/memory-authorizer.js';
import { issueSessionToken } from '../platform/session.js';
import { adminLevels, contextsOf, routeKey, routes, type AuthLevel } from '../routes.js';
import { mayAct } from './domain/user.js';

const NOW = Date.parse('2026-11-28T12:00:00Z');
useAliveAdminSessions(NOW);

const adminRoutes = routes.filter((r) => r.path.startsWith('/api/admin/'));
const permissions = adminLevels.map((level) => level.slice('admin:'.length) as AdminPermission);

const member: Caller = { ...listener, userId: 'member', tier: 'toko_plus' };
const admins = permissions.map((permission): Caller => ({
  ...listener,
  userId: `admin-${permission}`,
  role: 'admin',
  permissions: [permission],
}));
// Accounts' own rule for what an admin may do, as its authorizer gives the edge.
const authorizer = { ...memoryAuthorizer([listener, member, ...admins]), mayAct };

/** Each context's admin routes behind the edge, each handler answering 404 `reached` once the edge let a call through. */
const edges = new Map(
  contextsOf(adminRoutes).map((context) => {
    const lines = adminRoutes.filter((r) => r.context === context);
    const handlers = Object.fromEntries(
      lines.map((r) => [routeKey(r), () => Promise.reject(notFound('reached', 'The handler was reached'))]),
    );
    return [context, contextHandler(lines, authorizer, handlers as never)] as const;
  }),
);

/** Calls a route with every path parameter `x` and an empty JSON body where it takes one, as `caller` (a guest without). */
async function call(route: (typeof adminRoutes)[number], caller?: string) {
  const token = caller && (await issueSessionToken({ userId: caller, sessionId: randomUUID() }, new Date(NOW - 60_000)));
  const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 'x']));
  const event = {
    routeKey: routeKey(route),
    rawPath: route.path.replace(/\{\w+\}/g, 'x'),
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    body: route.method === 'GET' ? undefined : '{}',
    isBase64Encoded: false,
    pathParameters: params,
    requestContext: { http: { method: route.method, sourceIp: '203.0.113.7' }, requestId: randomUUID(), timeEpoch: NOW },
  } as unknown as APIGatewayProxyEventV2;
  const response = await edges.get(route.context)!(event, {} as Context);
  return { status: response.statusCode, error: (JSON.parse(response.body || '{}') as { error?: string }).error };
}

const allows = (level: AuthLevel, permission: AdminPermission) =>
  level === 'admin' || (level.startsWith('admin:') && mayAct([permission], level.slice('admin:'.length) as AdminPermission));

describe('admin authorization matrix at the edge', () => {
  it('has admin routes to walk, each declared at an admin level, every level with routes of its own and the owner every route', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
    expect(adminRoutes.filter((r) => !r.auth.startsWith('admin')).map(routeKey)).toEqual([]);
    for (const level of adminLevels)
      expect(
        adminRoutes.some((r) => r.auth === level),
        level,
      ).toBe(true);
    expect(adminRoutes.every((r) => allows(r.auth, 'owner'))).toBe(true);
  });

  it.each(adminRoutes.map((r) => ({ key: routeKey(r), route: r })))(
    '$key: guest 401, listener 403, member 403, each admin level as the manifest says',
    async ({ route }) => {
      expect((await call(route)).status, 'guest').toBe(401);
      expect(await call(route, listener.userId), 'listener').toEqual({ status: 403, error: 'forbidden' });
      expect(await call(route, member.userId), 'Toko+ member').toEqual({ status: 403, error: 'forbidden' });
      for (const [i, permission] of permissions.entries()) {
        const answer = await call(route, admins[i].userId);
        if (!allows(route.auth, permission)) {
          expect(answer, `${permission} admin`).toEqual({ status: 403, error: 'permission_required' });
        } else if (route.stepUp) {
          // Its made-up body may be refused before the step-up is asked for.
          expect([400, 403], `${permission} admin`).toContain(answer.status);
          if (answer.status === 403) expect(answer.error, `${permission} admin`).toBe('step_up_required');
        } else {
          // Let through: reached, or refused for its made-up body.
          expect(answer.error === 'reached' || answer.status === 400, `${permission} admin: ${JSON.stringify(answer)}`).toBe(true);
        }
      }
    },
  );
});

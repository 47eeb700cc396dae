import { describe, expect, it } from 'vitest';
import { memoryEventStore } from '../platform/memory-event-store.js';
import { setAdminRole } from './admin-roster.js';
import { ADMIN_ROSTER_STREAM } from './domain/admin-roster.js';
import { userStream } from './domain/user.js';

describe('appointing admins', () => {
  it('lands every one of a dozen appointments made at once on the one roster stream', async () => {
    const eventStore = memoryEventStore();
    const context = { actor: 'test', correlationId: 'c', eventStore };
    const userIds = Array.from({ length: 12 }, (_, i) => `u${i}`);
    for (const userId of userIds) {
      await eventStore.appendToStream(
        userStream(userId),
        0,
        [
          {
            type: 'UserRegistered',
            data: { userId, email: `${userId}@example.com`, username: null, displayName: null, source: 'email_code' },
          },
          { type: 'PasswordSet', data: { userId, passwordHash: 'hash' } },
        ],
        context,
      );
    }

    const appointed = await Promise.all(
      userIds.map((userId) => setAdminRole(userId, { role: 'admin', permissions: ['catalogue'] }, 'owner', context)),
    );

    expect(appointed.map((user) => user.role)).toEqual(userIds.map(() => 'admin'));
    const roster = await eventStore.readStream(ADMIN_ROSTER_STREAM);
    expect(roster.map((event) => event.type)).toEqual(userIds.map(() => 'AdminAppointed'));
    expect(new Set(roster.map((event) => (event.data as { userId: string }).userId))).toEqual(new Set(userIds));
  });
});

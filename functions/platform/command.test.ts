import { describe, expect, it } from 'vitest';
import { commandContext } from './command.js';

describe('commandContext', () => {
  const request = { requestId: 'req-1', receivedAt: new Date('2026-01-02T03:04:05Z') };

  it('records the signed-in person, a named actor or a guest, with the request as correlation and its time', () => {
    expect(commandContext({ userId: 'u1' }, request)).toEqual({ actor: 'u1', correlationId: 'req-1', at: request.receivedAt });
    expect(commandContext('guest-abc', request).actor).toBe('guest-abc');
    expect(commandContext(null, request).actor).toBe('guest');
  });
});

/** The operator's commands read a deployment's settings from its stacks' outputs, as the CloudFormation SDK answers them. */
import { describe, expect, it } from 'vitest';
import { outputsByKey } from '../../infra/ops/deployment.js';

describe('reading a deployment', () => {
  it("reads a stack's outputs by key, leaving out one without a value", () => {
    expect(
      outputsByKey([
        { OutputKey: 'EventsTableName', OutputValue: 'toko-events', Description: 'd' },
        { OutputKey: 'AppUrl', OutputValue: 'https://music.example/?a=1&b=2' },
        { OutputKey: 'Pending' },
      ]),
    ).toEqual({ EventsTableName: 'toko-events', AppUrl: 'https://music.example/?a=1&b=2' });
    expect(outputsByKey(undefined)).toEqual({});
  });
});

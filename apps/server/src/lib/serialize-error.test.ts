import { describe, expect, it } from 'vitest';
import { serializeError } from './logging.js';

describe('serializeError', () => {
  it("keeps what says what failed and drops the connection pg hangs on an idle client's error", () => {
    const error = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      client: { connectionParameters: { user: 'postgres', database: 'rota' }, _queryQueue: [] },
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      message: 'terminating connection due to administrator command',
      code: '57P01',
      severity: 'FATAL',
    });
    expect(serialized).not.toHaveProperty('client');
  });
});

import { STATUS_CODES } from 'node:http';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, ErrorStatuses } from './errors.js';

describe('ErrorStatuses', () => {
  it('gives every error code an HTTP error status', () => {
    for (const code of Object.values(ErrorCodes)) {
      const status: number | undefined = (ErrorStatuses as Record<string, number>)[code];
      expect(status, code).toBeTypeOf('number');
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(STATUS_CODES[status!], code).toBeDefined();
    }
  });

  it('names no code that is not an error code', () => {
    expect(Object.keys(ErrorStatuses).sort()).toEqual(Object.values(ErrorCodes).sort());
  });
});

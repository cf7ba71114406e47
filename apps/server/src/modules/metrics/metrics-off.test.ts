import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.js';

const ctx = useTestApp({ startQueue: false });

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is the 404 of any unknown route, whatever the request carries', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-0123' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({
        success: false,
        error: { code: 'NOT_FOUND', message: 'Route GET /metrics not found' },
      });
    }
  });
});

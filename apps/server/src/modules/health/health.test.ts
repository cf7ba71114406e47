import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/test-app.js';

const ctx = useTestApp();

describe('GET /api/health', () => {
  it('reports status, version, uptime and a reachable database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'ok',
      version: '0.0.0-test',
      uptime: expect.any(Number),
      database: {
        reachable: true,
        driver: process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite',
      },
    });
  });

  it('answers 503 when the database does not answer', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE' },
      data: { status: 'degraded', database: { reachable: false, latencyMs: null } },
    });
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as jobQueries from '../../jobs/queries.js';
import { MIRROR_WAIT_STAGE } from '../../repo-store/mirror-store.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { capturedLogger } from '../../testing/captured-logger.js';
import { useTestApp } from '../../testing/test-app.js';
import { HealthService } from './service.js';

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

  it('reports the jobs waiting for another worker to finish fetching their repository', async () => {
    const health = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/health' })).json().data;
    expect((await health()).jobs).toEqual({ waitingForRepository: 0 });
    // The state a deferred job is in: queued, later, showing why (what DeferJobError leaves).
    for (const n of [1, 2]) {
      const { job } = await jobQueries.insertJob(ctx.database.db, 'unhandled', { n }, {});
      await jobQueries.claimNextJob(ctx.database.db, 'worker-a', ['unhandled']);
      await jobQueries.deferJob(ctx.database.db, job.id, 'worker-a', MIRROR_WAIT_STAGE, 60_000);
    }
    expect(await health()).toMatchObject({ status: 'ok', jobs: { waitingForRepository: 2 } });
  });

  it('answers reachable, without the count, when the database answers but the count fails', async () => {
    await ctx.database.db.execute(sql`alter table jobs rename to jobs_away`);
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        status: 'ok',
        database: { reachable: true, latencyMs: expect.any(Number) },
        jobs: { waitingForRepository: null },
      });
    } finally {
      await ctx.database.db.execute(sql`alter table jobs_away rename to jobs`);
    }
  });

  it('logs why the count failed, and that the database still answered', async () => {
    const { logger, lines } = capturedLogger();
    await ctx.database.db.execute(sql`alter table jobs rename to jobs_away`);
    try {
      const report = await new HealthService(ctx.database, 'x').check(logger);
      expect(report.database.reachable).toBe(true);
      expect(lines).toEqual([
        expect.objectContaining({
          level: 40,
          msg: 'health: could not count the jobs waiting for a repository',
          err: expect.objectContaining({ message: expect.stringMatching(/jobs/) as unknown }),
        }),
      ]);
    } finally {
      await ctx.database.db.execute(sql`alter table jobs_away rename to jobs`);
    }
  });

  it('stays minimal without ?detail, whoever asks', async () => {
    const admin = await registerUser(ctx.app);
    for (const headers of [{}, bearer(admin.token)]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health', headers });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).not.toHaveProperty('detail');
    }
  });

  it('gives the detail to administrators only: 401 without a token, 403 to other users', async () => {
    const admin = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const ask = (headers: Record<string, string>, query = 'detail=true') =>
      ctx.app.inject({ method: 'GET', url: `/api/health?${query}`, headers });

    const anonymous = await ask({});
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, error: { code: 'UNAUTHORIZED' } });
    const refused = await ask(bearer(other.token));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      error: { code: 'FORBIDDEN', message: 'Only administrators may do this' },
    });
    expect((await ask(bearer(other.token), 'detail=false')).statusCode).toBe(200);

    const answer = await ask(bearer(admin.token), 'detail=1');
    expect(answer.statusCode).toBe(200);
    // No GITHUB_TOKEN and no Redis in this configuration: said so.
    expect(answer.json().data.detail).toMatchObject({
      redis: { configured: false },
      github: { configured: false },
      queue: { queued: 0, running: 0, failedLast24h: 0, recentFailures: [] },
    });
  });

  it('answers 503 when the database does not answer', async () => {
    await ctx.database.close();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE' },
      data: {
        status: 'degraded',
        database: { reachable: false, latencyMs: null },
        jobs: { waitingForRepository: null },
      },
    });
  });
});

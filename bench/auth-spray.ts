/**
 * A sign-in spray: sign-in attempts with a new e-mail each time, all from one IP, against the
 * embedded server with the default limits (AUTH_RATE_LIMIT_*), over real HTTP on loopback. The
 * baseline is the same number of GET /api/health requests in the same run (memory the server
 * takes for serving that many requests at all); what the spray adds on top of it is the cost of
 * rate-limit state. With BENCH_REDIS_URL it runs a second time on the Redis limiter and counts the
 * keys it created.
 *
 *   npm run bench -- auth-spray          # BENCH_SPRAY_N (default 20000), BENCH_REDIS_URL
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Redis } from 'ioredis';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { MemoryRateLimiter } from '../apps/server/src/lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from '../apps/server/src/lib/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from '../apps/server/src/lib/rate-limit/redis-rate-limiter.js';
import { compose } from '../apps/server/src/composition.js';
import { processLogger } from '../apps/server/src/lib/logging.js';

const ATTEMPTS = Number(process.env.BENCH_SPRAY_N ?? 20_000);
const CONCURRENCY = 20;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** RSS and live heap after a full collection, so garbage does not count as growth. */
function memory(): { rss: number; heap: number } {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed };
}

/** Sends `count` requests, `CONCURRENCY` at a time, and tallies the status codes. */
async function send(
  count: number,
  request: (i: number) => Promise<Response>,
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const i = next++;
        const response = await request(i);
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}

const tally = (statuses: Map<number, number>) =>
  [...statuses].map(([status, count]) => `${status}×${count}`).join(' ');

async function run(label: string, rateLimiter: RateLimiter, keys: () => Promise<number>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-spray-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  await runMigrations(database);
  // The shipped defaults, so the spray meets the limits a real installation has.
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      ENCRYPTION_KEY: '07'.repeat(32),
      LOG_LEVEL: 'silent',
      WORKERS: '0',
    }),
    webDistDir: undefined,
  };
  const jobs = await compose({
    config,
    database,
    rateLimiter,
    logger: processLogger(false),
  });
  const app = await buildApp(jobs);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const start = memory();
    const keysAtStart = await keys();
    const health = await send(ATTEMPTS, () => fetch(`${base}/api/health`));
    const afterBaseline = memory();
    const began = performance.now();
    const spray = await send(ATTEMPTS, (i) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `spray.${i}.${Date.now()}@example.com`,
          password: 'wrong-1',
        }),
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const afterSpray = memory();
    const keysAdded = (await keys()) - keysAtStart;
    console.log(`\n${label}: ${ATTEMPTS} requests each, ${CONCURRENCY} connections, one IP`);
    console.log(`  baseline GET /api/health     ${tally(health)}`);
    console.log(`  spray POST /api/auth/login   ${tally(spray)} in ${seconds.toFixed(1)} s`);
    console.log(
      `  RSS   start ${mb(start.rss)}  after baseline ${mb(afterBaseline.rss)}  after spray ${mb(afterSpray.rss)}`,
    );
    console.log(
      `  heap  start ${mb(start.heap)}  after baseline ${mb(afterBaseline.heap)}  after spray ${mb(afterSpray.heap)}  (spray − baseline: ${mb(afterSpray.heap - afterBaseline.heap)})`,
    );
    console.log(
      `  rate-limit keys created by the spray: ${keysAdded} (${(keysAdded / seconds).toFixed(0)} per second)`,
    );
  } finally {
    await app.close();
    await jobs.queue.close();
    await rateLimiter.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const memoryLimiter = new MemoryRateLimiter();
await run('embedded, in-memory limiter', memoryLimiter, async () => memoryLimiter.size);

const redisUrl = process.env.BENCH_REDIS_URL;
if (redisUrl) {
  const redis = new Redis(redisUrl);
  const prefix = `rota:bench:${Date.now()}:`;
  const countKeys = async () => {
    let cursor = '0';
    let total = 0;
    do {
      const [nextCursor, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = nextCursor;
      total += batch.length;
    } while (cursor !== '0');
    return total;
  };
  try {
    await run('embedded, Redis limiter', new RedisRateLimiter(redis, prefix), countKeys);
  } finally {
    let cursor = '0';
    do {
      const [nextCursor, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = nextCursor;
      if (batch.length) await redis.del(...batch);
    } while (cursor !== '0');
    redis.disconnect();
  }
}

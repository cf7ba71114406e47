import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { MemoryRateLimiter } from './lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from './lib/rate-limit/redis-rate-limiter.js';
import { BullJobQueue } from './jobs/bullmq-queue.js';
import { DbJobQueue } from './jobs/db-queue.js';
import type { JobHandler, JobQueue } from './jobs/types.js';
import { ANALYZE_JOB, createAnalyzeHandler } from './modules/analysis/analyze-job.js';
import { defaultEngine } from './modules/analysis/default-engine.js';
import type { AnalysisEngine } from './modules/analysis/engine.js';
import type { HostPolicy } from './repo-store/host-policy.js';
import { MirrorStore } from './repo-store/mirror-store.js';

/** Where `npm run build` puts the web app, relative to this file in src/ or dist/. */
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How often mirrors no project uses any more are removed. */
const MIRROR_SWEEP_MS = 10 * 60_000;

export interface Runtime {
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  queue: JobQueue;
  mirrors: MirrorStore;
  engine: AnalysisEngine;
  close(): Promise<void>;
}

/** The job system of a process: BullMQ when REDIS_URL is set, else the database queue. */
export function createJobs(
  config: Config,
  database: DatabaseHandle,
  engine: AnalysisEngine = defaultEngine,
  /** Tests inject DNS answers and address rules (no network); production uses the system's. */
  hostPolicy: HostPolicy = {},
) {
  const mirrors = new MirrorStore(database.db, {
    reposDir: path.join(config.dataDir, 'repos'),
    allowLocalRepos: config.allowLocalRepos,
    allowPrivateHosts: config.allowPrivateHosts,
    maxSizeBytes: config.repoStore.maxSizeBytes,
    timeoutMs: config.repoStore.cloneTimeoutMs,
    freshnessMs: config.repoStore.freshnessMs,
    caFile: config.repoStore.caFile,
    ...hostPolicy,
  });
  const handlers = new Map<string, JobHandler>([
    [ANALYZE_JOB, createAnalyzeHandler({ db: database.db, mirrors, engine })],
  ]);
  const queue: JobQueue = config.redisUrl
    ? new BullJobQueue(database.db, {
        redisUrl: config.redisUrl,
        handlers,
        concurrency: config.workers,
      })
    : new DbJobQueue(database.db, { handlers, concurrency: config.workers });
  return { mirrors, queue, engine };
}

/**
 * Opens what the process depends on, chosen by configuration: PostgreSQL or embedded PGlite,
 * Redis or memory. The API and the worker both boot through here.
 */
export async function openRuntime(config: Config): Promise<Runtime> {
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );
  await runMigrations(database);
  let redis: Redis | undefined;
  let rateLimiter: RateLimiter;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    rateLimiter = new RedisRateLimiter(redis);
  } else {
    rateLimiter = new MemoryRateLimiter();
  }
  const jobs = createJobs(config, database);
  // Processes that run jobs own mirrors on this machine: they also drop the unused ones, and what
  // killed clones left behind (temporary folders, dead locks) — at start, then with every sweep.
  const sweep = () =>
    void jobs.mirrors
      .sweepLeftovers()
      .then(() => jobs.mirrors.removeUnused())
      .catch(() => undefined);
  if (config.workers > 0) sweep();
  const sweeper = config.workers > 0 ? setInterval(sweep, MIRROR_SWEEP_MS) : undefined;
  sweeper?.unref();
  return {
    database,
    rateLimiter,
    ...jobs,
    close: async () => {
      clearInterval(sweeper);
      await jobs.queue.close();
      await rateLimiter.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

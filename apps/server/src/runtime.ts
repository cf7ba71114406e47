import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { compose, type Composition } from './composition.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { processLogger, loggerOptions } from './lib/logging.js';
import { MemoryRateLimiter } from './lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from './lib/rate-limit/redis-rate-limiter.js';
import { RedisHttpCache, type HttpCacheStore } from './modules/github/index.js';

/** Where `npm run build` puts the web app, relative to this file in src/ or dist/. */
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface Runtime {
  composition: Composition;
  /** Starts running jobs and the periodic ones (no-op in a process without workers). */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens what the process depends on, chosen by configuration — PostgreSQL or embedded PGlite,
 * Redis or memory — and composes the server on it. The API and the worker both boot through here.
 */
export async function openRuntime(config: Config): Promise<Runtime> {
  const logger = processLogger(loggerOptions(config.logLevel));
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
    { logger },
  );
  await runMigrations(database);
  let redis: Redis | undefined;
  let rateLimiter: RateLimiter;
  let httpCache: HttpCacheStore | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    rateLimiter = new RedisRateLimiter(redis);
    httpCache = new RedisHttpCache(redis);
  } else {
    rateLimiter = new MemoryRateLimiter();
  }
  const composition = await compose({
    config,
    database,
    rateLimiter,
    logger,
    ...(redis ? { redis } : {}),
    ...(httpCache ? { github: { httpCache } } : {}),
  });
  return {
    composition,
    start: async () => {
      await composition.queue.start();
      if (config.workers > 0) await composition.scheduler.start();
    },
    close: async () => {
      composition.scheduler.stop();
      await composition.queue.close();
      await rateLimiter.close();
      await composition.notificationFeed.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

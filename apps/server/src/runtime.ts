import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { MemoryRateLimiter } from './lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from './lib/rate-limit/redis-rate-limiter.js';

/** Where `npm run build` puts the web app, relative to this file in src/ or dist/. */
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface Runtime {
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  close(): Promise<void>;
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
  return {
    database,
    rateLimiter,
    close: async () => {
      await rateLimiter.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { testConfig } from './test-config.js';
import { MemoryRateLimiter } from '../lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from '../lib/rate-limit/rate-limiter.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  /** The clock the app sees; tests move it to expire tokens. */
  clock: { now: number };
}

/**
 * Registers hooks that give a test file one database and one app, with empty tables before each
 * test. Use the returned object inside tests (its fields are filled in beforeAll).
 */
export function useTestApp(
  options: { config?: Partial<Config>; rateLimiter?: () => RateLimiter } = {},
): TestContext {
  const context = { clock: { now: Date.now() } } as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.app = await buildApp({
      config: testConfig(options.config),
      database: context.database,
      rateLimiter: options.rateLimiter?.() ?? new MemoryRateLimiter(),
      now: () => context.clock.now,
      logger: false,
    });
    await context.app.ready();
  }, 60_000);
  beforeEach(async () => {
    context.clock.now = Date.now();
    await context.database.reset();
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.destroy();
  });
  return context;
}

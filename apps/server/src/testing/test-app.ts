import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import type { Scheduler } from '../jobs/schedules.js';
import type { JobQueue } from '../jobs/types.js';
import type { EventBus } from '../modules/events/index.js';
import type { HostPolicy } from '../repo-store/host-policy.js';
import { compose, type CompositionOptions } from '../composition.js';
import { processLogger } from '../lib/logging.js';
import type { Config } from '../config.js';
import type { UserGitHubToken, HttpCacheStore } from '../modules/github/index.js';
import { testConfig } from './test-config.js';
import { MemoryRateLimiter } from '../lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from '../lib/rate-limit/rate-limiter.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  /** The clock the app sees; tests move it to expire tokens. */
  clock: { now: number };
  queue: JobQueue;
  /** The event bus of the app and its jobs (tests subscribe to see what a delivery caused). */
  events: EventBus;
  /** Asks for the periodic jobs; not started by the test app (a test starts it when it wants). */
  scheduler: Scheduler;
  /** DATA_DIR of this app (repository mirrors live under it). */
  dataDir: string;
}

/** What a test may put in place of the real thing (GitHub tokens and cache) or tune. */
export interface TestAppDeps {
  githubUserToken?: UserGitHubToken;
  githubHttpCache?: HttpCacheStore;
  githubRetryAfterUnitMs?: number;
  githubStaleAfterMs?: number;
  /** The process's Redis connection (the health detail pings it). */
  redis?: { ping(): Promise<unknown> };
}

/**
 * Registers hooks that give a test file one database and one app, with empty tables before each
 * test. Use the returned object inside tests (its fields are filled in beforeAll).
 */
export function useTestApp(
  options: {
    /** A getter is read when the app is built (a server the test starts first, e.g. SMTP). */
    config?: Partial<Config> | (() => Partial<Config>);
    rateLimiter?: () => RateLimiter;
    /** DNS answers and address rules for repository hosts, for the API and the jobs alike. */
    hostPolicy?: HostPolicy;
    /** Logging is off in tests unless a test captures it (e.g. to check what logs never hold). */
    logger?: Parameters<typeof processLogger>[0];
    /** false: jobs are enqueued but never run (suites that start analyses without needing them done). */
    startQueue?: boolean;
    /** Extra dependencies (GitHub token source, …); a getter is read when the app is built. */
    deps?: () => TestAppDeps;
  } = {},
): TestContext {
  const context = { clock: { now: Date.now() } } as TestContext;
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.dataDir = mkdtempSync(path.join(tmpdir(), 'rota-data-'));
    const overrides = typeof options.config === 'function' ? options.config() : options.config;
    const config = testConfig({ dataDir: context.dataDir, ...overrides });
    const extra = options.deps?.() ?? {};
    const github: CompositionOptions['github'] = {
      ...(extra.githubUserToken ? { userToken: extra.githubUserToken } : {}),
      ...(extra.githubHttpCache ? { httpCache: extra.githubHttpCache } : {}),
      ...(extra.githubRetryAfterUnitMs !== undefined
        ? { retryAfterUnitMs: extra.githubRetryAfterUnitMs }
        : {}),
      ...(extra.githubStaleAfterMs !== undefined ? { staleAfterMs: extra.githubStaleAfterMs } : {}),
    };
    const composition = await compose({
      config,
      database: context.database,
      rateLimiter: options.rateLimiter?.() ?? new MemoryRateLimiter(),
      logger: processLogger(options.logger ?? false),
      now: () => context.clock.now,
      ...(options.hostPolicy ? { hostPolicy: options.hostPolicy } : {}),
      ...(extra.redis ? { redis: extra.redis } : {}),
      github,
    });
    context.queue = composition.queue;
    context.events = composition.events;
    context.scheduler = composition.scheduler;
    context.app = await buildApp(composition);
    await context.app.ready();
    if (options.startQueue !== false) await context.queue.start();
  }, 60_000);
  beforeEach(async () => {
    context.clock.now = Date.now();
    await context.database.reset();
  });
  afterAll(async () => {
    context.scheduler?.stop();
    await context.app?.close();
    await context.queue?.close();
    await context.database?.destroy();
    if (context.dataDir) rmSync(context.dataDir, { recursive: true, force: true });
  });
  return context;
}

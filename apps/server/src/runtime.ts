import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { MemoryRateLimiter } from './lib/rate-limit/memory-rate-limiter.js';
import type { RateLimiter } from './lib/rate-limit/rate-limiter.js';
import { RedisRateLimiter } from './lib/rate-limit/redis-rate-limiter.js';
import type { HttpCacheStore } from './modules/github/index.js';
import { RedisHttpCache } from './modules/github/index.js';
import { BullJobQueue } from './jobs/bullmq-queue.js';
import { DbJobQueue } from './jobs/db-queue.js';
import type { JobHandler, JobQueue } from './jobs/types.js';
import { ANALYZE_JOB, createAnalyzeHandler } from './modules/analysis/index.js';
import { defaultEngine } from './modules/analysis/index.js';
import type { AnalysisEngine } from './modules/analysis/index.js';
import type { HostPolicy } from './repo-store/host-policy.js';
import { MirrorStore } from './repo-store/mirror-store.js';
import { GitHubClients } from './modules/github/index.js';
import type { UserGitHubToken } from './modules/github/index.js';
import { HttpCache } from './modules/github/index.js';
import { RateLimitState } from './modules/github/index.js';
import { storedGitHubToken } from './modules/oauth/index.js';
import { createRepoRefreshHandler, GITHUB_REPO_REFRESH_JOB } from './modules/github-data/index.js';
import { EventBus } from './modules/events/index.js';
import {
  createPullRequestSyncHandler,
  PULL_REQUEST_SYNC_JOB,
} from './modules/pull-requests/index.js';
import { AcksFirst } from './modules/webhooks/index.js';
import { syncPullRequestsOnEvents } from './modules/pull-requests/index.js';
import {
  createPullRequestScheduleHandler,
  enqueueScheduledPass,
  PULL_REQUEST_SCHEDULE_JOB,
} from './modules/pull-requests/index.js';
import { defaultForges } from './modules/forges/index.js';
import { createReviewHandler, PULL_REQUEST_REVIEW_JOB } from './modules/reviews/index.js';
import { reviewPullRequestsOnEvents } from './modules/reviews/index.js';
import { createPublishHandler, REVIEW_PUBLISH_JOB } from './modules/reviews/index.js';
import { withReviewPublishing } from './modules/reviews/index.js';
import { WEBHOOK_DELIVERY_JOB, createWebhookDeliveryHandler } from './modules/webhooks/index.js';

/** Where `npm run build` puts the web app, relative to this file in src/ or dist/. */
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** How often mirrors no project uses any more are removed. */
const MIRROR_SWEEP_MS = 10 * 60_000;

export interface Runtime {
  database: DatabaseHandle;
  rateLimiter: RateLimiter;
  /** Redis for stored GitHub answers when REDIS_URL is set; else the app uses its table. */
  githubHttpCache: HttpCacheStore | undefined;
  queue: JobQueue;
  mirrors: MirrorStore;
  engine: AnalysisEngine;
  /** Forge events (pull requests opened, reviews submitted, …) the jobs of this process emit. */
  events: EventBus;
  /** Holds this process's webhook processing back while its receiver owes deliveries a 202. */
  acksFirst: AcksFirst;
  close(): Promise<void>;
}

/** The job system of a process: BullMQ when REDIS_URL is set, else the database queue. */
export function createJobs(
  config: Config,
  database: DatabaseHandle,
  engine: AnalysisEngine = defaultEngine,
  /** Tests inject DNS answers and address rules (no network); production uses the system's. */
  hostPolicy: HostPolicy = {},
  /** GitHub for the jobs that read it: tests inject users' tokens; Redis keeps ETags when set. */
  github: { userToken?: UserGitHubToken; httpCache?: HttpCacheStore } = {},
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
  const userToken = github.userToken ?? storedGitHubToken(database.db, config.encryptionKey);
  // The job process's own clients: rate-limit state is per process (an observation).
  const githubClients = new GitHubClients({
    apiUrl: config.github.apiUrl,
    serverToken: config.github.token,
    userToken,
    cache: github.httpCache ?? new HttpCache(database.db),
    rateLimits: new RateLimitState(),
  });
  // The forges act with those clients: reading pull requests, and hooks for the API's forges.
  const forges = defaultForges(config.github, githubClients);
  // A subscriber's failure is logged, never the delivery's: the other subscribers still ran.
  const events = new EventBus((error, name) =>
    console.error(
      JSON.stringify({
        level: 50,
        msg: 'forge event subscriber failed',
        event: name,
        err: String(error),
      }),
    ),
  );
  const publishing = {
    db: database.db,
    forges,
    hasGitHubToken: async (userId: string) => (await userToken(userId)) !== null,
    publicUrl: config.publicUrl,
  };
  const acksFirst = new AcksFirst();
  const handlers = new Map<string, JobHandler>([
    [ANALYZE_JOB, createAnalyzeHandler({ db: database.db, mirrors, engine })],
    [
      GITHUB_REPO_REFRESH_JOB,
      createRepoRefreshHandler({ db: database.db, clients: githubClients }),
    ],
    [
      PULL_REQUEST_SYNC_JOB,
      createPullRequestSyncHandler({
        db: database.db,
        forges,
      }),
    ],
    [
      PULL_REQUEST_REVIEW_JOB,
      // Publishing to GitHub (projects with publish_reviews) wraps the review, its own job apart.
      withReviewPublishing(createReviewHandler({ db: database.db, forges, llm: config.llm }), {
        ...publishing,
        queue: () => queue,
      }),
    ],
    [REVIEW_PUBLISH_JOB, createPublishHandler(publishing)],
    [
      WEBHOOK_DELIVERY_JOB,
      createWebhookDeliveryHandler({
        db: database.db,
        events,
        forges,
        acksFirst,
      }),
    ],
  ]);
  // The schedule's handler enqueues on the queue made from these handlers (read when it runs).
  handlers.set(
    PULL_REQUEST_SCHEDULE_JOB,
    createPullRequestScheduleHandler({ db: database.db, queue: () => queue, forges }),
  );
  const queue: JobQueue = config.redisUrl
    ? new BullJobQueue(database.db, {
        redisUrl: config.redisUrl,
        handlers,
        concurrency: config.workers,
      })
    : new DbJobQueue(database.db, { handlers, concurrency: config.workers });
  // Pull request and review events from webhooks queue a sync of their repository.
  syncPullRequestsOnEvents({ db: database.db, events, queue, forges });
  // … and a review of the pull request's new head.
  reviewPullRequestsOnEvents({ db: database.db, events, queue, forges, llm: config.llm });
  return { mirrors, queue, engine, events, acksFirst };
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
  let githubHttpCache: HttpCacheStore | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    rateLimiter = new RedisRateLimiter(redis);
    githubHttpCache = new RedisHttpCache(redis);
  } else {
    rateLimiter = new MemoryRateLimiter();
  }
  const jobs = createJobs(config, database, defaultEngine, {}, { httpCache: githubHttpCache });
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
  // Repositories without a webhook are kept current by a scheduled pass (a job, once per cluster).
  const interval = config.pullRequestSyncIntervalMs;
  const schedule =
    config.workers > 0 && interval > 0
      ? setInterval(
          () =>
            void enqueueScheduledPass(jobs.queue, interval).catch((error: unknown) =>
              console.error(
                JSON.stringify({
                  level: 40,
                  msg: 'could not queue the scheduled pull request sync',
                  err: String(error),
                }),
              ),
            ),
          interval,
        )
      : undefined;
  schedule?.unref();
  return {
    database,
    rateLimiter,
    githubHttpCache,
    ...jobs,
    close: async () => {
      clearInterval(sweeper);
      clearInterval(schedule);
      await jobs.queue.close();
      await rateLimiter.close();
      redis?.disconnect();
      await database.close();
    },
  };
}

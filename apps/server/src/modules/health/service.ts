import { isJobFailureCode, type HealthDetail, type HealthResponse } from '@rota/contracts';
import type { DatabaseHandle } from '../../db/client.js';
import { countActiveJobs, countQueuedInStage, recentFailures } from '../../jobs/queries.js';
import { stderrLogger, type Logger } from '../../lib/logging.js';
import { MIRROR_WAIT_STAGE } from '../../repo-store/mirror-store.js';
import { readDisk, readGitVersion, timed } from './probes.js';

const PING_TIMEOUT_MS = 2000;
const DAY_MS = 24 * 3600 * 1000;
/** The failed jobs the detail names (the count covers them all). */
const RECENT_FAILURES = 5;

/** What the detail reads beyond the database; the composition root gives them. */
export interface HealthDetailSources {
  /** DATA_DIR: its disk's free space. */
  dataDir: string;
  /** The process's Redis connection, when REDIS_URL is set. */
  redis?: { ping(): Promise<unknown> } | undefined;
  /** The server GITHUB_TOKEN's rate limit (the github module's, asked at most once a minute). */
  serverRateLimit: () => Promise<HealthDetail['github']>;
  now?: () => number;
}

export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly version: string,
    private readonly sources?: HealthDetailSources,
  ) {}

  /**
   * For operators (`?detail=true`, administrators): Redis, git, the queue and its failures, the
   * server token's GitHub limit and free disk. Each part says why it has no answer rather than
   * failing the whole; only the queue's counts, read from the database the check just reached,
   * may throw.
   */
  async detail(): Promise<HealthDetail> {
    const sources = this.sources;
    if (!sources) throw new Error('HealthService: no detail sources given');
    const now = sources.now?.() ?? Date.now();
    const { db } = this.database;
    const redis = sources.redis;
    const [redisPing, gitVersion, active, failures, github, disk] = await Promise.all([
      redis ? timed(() => redis.ping(), PING_TIMEOUT_MS) : undefined,
      readGitVersion(now),
      countActiveJobs(db),
      recentFailures(db, new Date(now - DAY_MS), RECENT_FAILURES),
      sources.serverRateLimit(),
      readDisk(sources.dataDir),
    ]);
    return {
      redis: redisPing
        ? { configured: true, reachable: redisPing.error === null, ...redisPing }
        : { configured: false },
      git: { version: gitVersion },
      queue: {
        ...active,
        failedLast24h: failures.count,
        recentFailures: failures.latest.map((job) => ({
          kind: job.kind,
          code: isJobFailureCode(job.error?.code) ? job.error.code : null,
          finishedAt: job.finishedAt?.toISOString() ?? null,
        })),
      },
      github,
      disk,
    };
  }

  /** `log`: where the failed count or ping is told (the route passes its request's logger). */
  async check(log: Logger = stderrLogger()): Promise<HealthResponse> {
    // The count is the ping: a database that answers it is reachable. One statement instead of two
    // (health waits in the same queue as every route on the one embedded PGlite thread); only when
    // the count fails is the database pinged, to tell a failed count from an unreachable database.
    let started = performance.now();
    let reachable = true;
    let waitingForRepository: number | null = null;
    try {
      waitingForRepository = await withTimeout(
        countQueuedInStage(this.database.db, MIRROR_WAIT_STAGE),
        PING_TIMEOUT_MS,
      );
    } catch (error) {
      log.warn({ err: error }, 'health: could not count the jobs waiting for a repository');
      started = performance.now();
      try {
        await withTimeout(this.database.ping(), PING_TIMEOUT_MS);
      } catch (pingError) {
        log.warn({ err: pingError }, 'health: the database did not answer its ping');
        reachable = false;
      }
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    // The count shows jobs stuck behind one repository's fetch, invisible otherwise (the API answers).
    return {
      status: reachable ? 'ok' : 'degraded',
      version: this.version,
      uptime: Math.round((Date.now() - this.startedAt) / 1000),
      database: {
        reachable,
        driver: this.database.driver,
        latencyMs: reachable ? latencyMs : null,
      },
      jobs: { waitingForRepository },
    };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

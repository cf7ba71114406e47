import type { HealthResponse } from '@rota/contracts';
import type { DatabaseHandle } from '../../db/client.js';
import { countQueuedInStage } from '../../jobs/queries.js';
import { stderrLogger, type Logger } from '../../lib/logging.js';
import { MIRROR_WAIT_STAGE } from '../../repo-store/mirror-store.js';

const PING_TIMEOUT_MS = 2000;

export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly version: string,
  ) {}

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

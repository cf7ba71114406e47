import type { HealthResponse } from '@rota/contracts';
import type { DatabaseHandle } from '../../db/client.js';
import { countQueuedInStage } from '../../jobs/queries.js';
import { MIRROR_WAIT_STAGE } from '../../repo-store/mirror-store.js';

const PING_TIMEOUT_MS = 2000;

export class HealthService {
  private readonly startedAt = Date.now();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly version: string,
  ) {}

  async check(): Promise<HealthResponse> {
    const started = performance.now();
    let reachable = true;
    try {
      await withTimeout(this.database.ping(), PING_TIMEOUT_MS);
    } catch {
      reachable = false;
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    // Jobs stuck behind one repository's fetch are invisible otherwise: the API still answers.
    const waitingForRepository = reachable
      ? await withTimeout(
          countQueuedInStage(this.database.db, MIRROR_WAIT_STAGE),
          PING_TIMEOUT_MS,
        ).catch(() => null)
      : null;
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

import type { HealthResponse } from '@rota/contracts';
import type { DatabaseHandle } from '../../db/client.js';

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
    return {
      status: reachable ? 'ok' : 'degraded',
      version: this.version,
      uptime: Math.round((Date.now() - this.startedAt) / 1000),
      database: {
        reachable,
        driver: this.database.driver,
        latencyMs: reachable ? Math.round((performance.now() - started) * 10) / 10 : null,
      },
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

import { ErrorCodes } from '@rota/contracts';
import type { JobHandles } from '../../jobs/handles.js';
import { AppError } from '../../lib/errors.js';
import { KeyedMutex } from '../../lib/keyed-mutex.js';
import type { RateLimiter } from '../../lib/rate-limit/rate-limiter.js';
import { ANALYZE_JOB } from './analyze-job.js';

export interface AnalysisQuotaLimits {
  /** Analyses one user may have queued or running at once (ANALYSIS_MAX_ACTIVE_PER_USER). */
  maxActivePerUser: number;
  /** Repository analyses one user may start per hour (REPO_ANALYZE_PER_HOUR). */
  repoAnalyzePerHour: number;
}

const HOUR_MS = 60 * 60_000;
/**
 * When to ask again after the active limit: a guess, since the answer depends on jobs finishing.
 * Half a minute is how long a typical analysis takes once it runs.
 */
const ACTIVE_RETRY_AFTER_S = 30;

/**
 * Per-user bounds on background work (each job may clone up to a gigabyte for up to ten
 * minutes). The active count is the user's live job handles on queued or running jobs — a user
 * waiting on a job another user started counts it too, since they asked for that work and would
 * have started it had it not been running (docs/analysis/serving.md, Quotas). It is read from the database and the hourly count lives in the rate
 * limiter (Redis when REDIS_URL is set), so every API process sees the same figures. Counting and
 * enqueueing run under a per-user lock, so one process's parallel requests cannot all pass on one
 * count; docs/analysis/serving.md says what remains across processes.
 */
export class AnalysisQuota {
  private readonly locks = new KeyedMutex();

  constructor(
    private readonly deps: {
      handles: JobHandles;
      rateLimiter: RateLimiter;
      limits: AnalysisQuotaLimits;
    },
  ) {}

  /** Runs `task` (count, then enqueue) with no other quota task of this user in between. */
  serialize<T>(ownerId: string, task: () => Promise<T>): Promise<T> {
    return this.locks.run(ownerId, task);
  }

  /** Analyses the user may still add now (call inside `serialize`). */
  async remaining(ownerId: string): Promise<number> {
    const active = await this.deps.handles.countLive(ownerId, ANALYZE_JOB);
    return Math.max(0, this.deps.limits.maxActivePerUser - active);
  }

  activeLimitReached(): AppError {
    const limit = this.deps.limits.maxActivePerUser;
    return new AppError(
      ErrorCodes.activeAnalysesLimit,
      `You already have ${limit} analyses queued or running, the most one account may have. Try again when some have finished.`,
      undefined,
      { 'retry-after': String(ACTIVE_RETRY_AFTER_S) },
    );
  }

  /** Counts one repository-analysis call; 429 once the hour's allowance is used up. */
  async countRepoAnalyzeCall(ownerId: string): Promise<void> {
    const limit = this.deps.limits.repoAnalyzePerHour;
    const hit = await this.deps.rateLimiter.hit(`repo-analyze:user:${ownerId}`, HOUR_MS);
    if (hit.count <= limit) return;
    const seconds = Math.max(1, Math.ceil(hit.resetInMs / 1000));
    throw new AppError(
      ErrorCodes.repoAnalyzeHourlyLimit,
      `You have started ${limit} repository analyses this hour, the most one account may start. Try again in ${Math.ceil(seconds / 60)} minutes.`,
      undefined,
      { 'retry-after': String(seconds) },
    );
  }
}

/**
 * One request's share of the user's remaining quota: read once (lazily, so a request that starts
 * nothing reads nothing) and spent job by job. Counts what it had to refuse.
 */
export class QuotaBudget {
  refused = 0;
  private left: Promise<number> | undefined;
  private spent = 0;

  constructor(
    private readonly quota: AnalysisQuota,
    private readonly ownerId: string,
  ) {}

  async take(): Promise<boolean> {
    this.left ??= this.quota.remaining(this.ownerId);
    const left = await this.left;
    // No await between the check and the count: parallel callers of one budget cannot both pass.
    if (this.spent < left) {
      this.spent += 1;
      return true;
    }
    this.refused += 1;
    return false;
  }
}

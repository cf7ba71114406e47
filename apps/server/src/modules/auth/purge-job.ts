import type { ScheduledJob } from '../../jobs/schedules.js';
import type { AuthService } from './service.js';

export const REFRESH_TOKEN_PURGE_JOB = 'refresh-token-purge';

/** How often expired refresh tokens are deleted. */
const EVERY_MS = 60 * 60_000;

/** Deletes the refresh tokens past their expiry (they can no longer be used; they only take room). */
export function refreshTokenPurgeSchedule(auth: AuthService): ScheduledJob {
  return {
    kind: REFRESH_TOKEN_PURGE_JOB,
    everyMs: EVERY_MS,
    handler: async () => ({ deleted: await auth.purgeExpiredTokens() }),
  };
}

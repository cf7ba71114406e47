import type { ScheduledJob } from '../../jobs/schedules.js';
import { HOUR_MS } from './schedule.js';
import type { DigestService } from './service.js';

export const DIGEST_SEND_JOB = 'digest-send';

/**
 * Every hour: the digests whose local hour this is. The run's slot names its hour, so a run that
 * starts late still sends the digests of the hour it was queued for.
 */
export function digestSchedule(digest: DigestService): ScheduledJob {
  return {
    kind: DIGEST_SEND_JOB,
    everyMs: HOUR_MS,
    handler: async (payload) => {
      const slot = (payload as { slot?: unknown } | null)?.slot;
      const runAt = typeof slot === 'number' ? slot * HOUR_MS : Date.now();
      return digest.sendDue(runAt);
    },
  };
}

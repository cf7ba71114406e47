import type { ScheduledJob } from '../jobs/schedules.js';
import type { MirrorStore } from './mirror-store.js';

export const MIRROR_SWEEP_JOB = 'mirror-sweep';

/** How often mirrors no project uses any more are removed. */
const EVERY_MS = 10 * 60_000;

/**
 * Removes what killed clones left behind (temporary folders, dead locks), then the mirrors no
 * project repository uses any more. Also at start: a process that died may have left both.
 */
export function mirrorSweepSchedule(mirrors: MirrorStore): ScheduledJob {
  return {
    kind: MIRROR_SWEEP_JOB,
    everyMs: EVERY_MS,
    atStart: true,
    handler: async () => {
      const leftovers = await mirrors.sweepLeftovers();
      const unused = await mirrors.removeUnused();
      return { leftovers, unused };
    },
  };
}

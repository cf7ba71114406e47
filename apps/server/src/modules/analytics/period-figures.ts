import type { AnalyticsAuthors } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { kindsOf } from './author-kinds.js';
import { prFigures, waitingForFirstReview, type WaitingPull } from './queries/index.js';

export type { WaitingPull };

/** Which pull requests a figure reads: a project's forge repositories, as its owner sees them. */
export interface PullScope {
  /** `owner/repo` keys (lower case). */
  repoKeys: string[];
  /** Whose private rows are visible (the project's owner). */
  userId: string;
  /** As the Analytics tab: people only unless asked otherwise. */
  authors?: AnalyticsAuthors;
}

export interface MergeFlow {
  /** Pull requests merged in the period (the Analytics tab's throughput). */
  merged: number;
  /** Median hours from opening to merge over them (its time to merge); null when none measured. */
  medianHoursToMerge: number | null;
}

/**
 * Merged pull requests and their median time to merge over any period [since, until], with the
 * Analytics tab's definitions (docs/metrics.md "Pull-request flow"), for reports of other periods
 * than the tab's.
 */
export async function mergeFlowIn(
  db: Database,
  scope: PullScope,
  since: string,
  until: string,
): Promise<MergeFlow> {
  if (scope.repoKeys.length === 0) return { merged: 0, medianHoursToMerge: null };
  const figures = await prFigures(db, {
    scope: { repoKeys: scope.repoKeys, userId: scope.userId },
    kinds: kindsOf(scope.authors ?? 'humans'),
    since,
    until,
    seriesSince: since,
  });
  return { merged: figures.merged, medianHoursToMerge: figures.flow.time_to_merge.median };
}

/** The open pull requests waiting longest for a first review, as of `until`. */
export function pullsWaitingForReview(
  db: Database,
  scope: PullScope,
  until: string,
  limit: number,
): Promise<WaitingPull[]> {
  if (scope.repoKeys.length === 0) return Promise.resolve([]);
  return waitingForFirstReview(db, {
    scope: { repoKeys: scope.repoKeys, userId: scope.userId },
    kinds: kindsOf(scope.authors ?? 'humans'),
    until,
    limit,
  });
}

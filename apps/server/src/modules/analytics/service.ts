import { AnalyticsMessages, type AnalyticsQuery, type ProjectAnalytics } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { validationError } from '../../lib/errors.js';
import { periodKey, resolvePeriod } from '../../lib/periods.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import { computeAnalytics } from './compute.js';
import { readStored, teamOfProject, writeStored } from './queries/index.js';
import { StoredAnalytics } from './stored-figures.js';

export interface AnalyticsServiceDeps {
  db: Database;
  forges: ForgeRegistry;
  now?: () => number;
  /** The user's time zone (IANA; null → UTC): the days of a period are cut in it. */
  timeZoneOf?: (userId: string) => Promise<string | null>;
  /**
   * How long a stored answer is served when nothing marked it stale: the period ends "now", so
   * time alone moves waiting and stale figures and the days of the period.
   */
  maxAgeMs?: number;
}

export const ANALYTICS_MAX_AGE_MS = 10 * 60_000;

/**
 * A project's analytics: served from `project_analytics` when fresh,
 * else computed from the stored pull requests, reviews and analyses, then stored.
 */
export class AnalyticsService {
  /** The stored answers as a cache (figures and forgetting, for the cache calls). */
  readonly stored: StoredAnalytics;

  constructor(private readonly deps: AnalyticsServiceDeps) {
    this.stored = new StoredAnalytics(deps.db);
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  /** The user's time zone, UTC when they set none. */
  async timeZoneOf(userId: string): Promise<string> {
    return (await this.deps.timeZoneOf?.(userId)) || 'UTC';
  }

  async forProject(
    userId: string,
    projectId: string,
    query: AnalyticsQuery,
  ): Promise<ProjectAnalytics> {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const team = query.team ? await teamOfProject(db, project.id, query.team) : null;
    if (team === undefined)
      throw validationError([{ path: 'team', message: AnalyticsMessages.invalidTeam }]);
    const now = this.now();
    const period = resolvePeriod(query, await this.timeZoneOf(userId), now);
    // A preset's rows are keyed by its days; a custom period's by 0 (its days are in the key).
    const key = {
      projectId: project.id,
      days: period.preset ?? 0,
      periodKey: periodKey(period) + (team ? `#${team.id}` : ''),
      authors: query.authors,
    };
    const stored = await readStored(db, key);
    const maxAge = this.deps.maxAgeMs ?? ANALYTICS_MAX_AGE_MS;
    if (stored && !stored.stale && now - stored.computedAt.getTime() < maxAge) {
      this.stored.counter.hit();
      return stored.data;
    }
    this.stored.counter.miss();
    const data = await computeAnalytics(db, {
      projectId: project.id,
      // The project's owner: whose private pull-request rows the figures may read.
      userId: project.ownerId,
      repos: await repositoriesOf(db, project.id),
      isForge: (repo) => this.deps.forges.forProjectRepository(repo)?.id === 'github',
      period,
      authors: query.authors,
      team,
      now,
    });
    await writeStored(db, { ...key, data, computedAt: new Date(now) });
    return data;
  }
}

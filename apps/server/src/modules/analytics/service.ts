import type { AnalyticsQuery, ProjectAnalytics } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import { computeAnalytics } from './compute.js';
import { readStored, writeStored } from './queries/index.js';
import { StoredAnalytics } from './stored-figures.js';

export interface AnalyticsServiceDeps {
  db: Database;
  forges: ForgeRegistry;
  now?: () => number;
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

  async forProject(
    userId: string,
    projectId: string,
    query: AnalyticsQuery,
  ): Promise<ProjectAnalytics> {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const key = { projectId: project.id, days: query.days, authors: query.authors };
    const now = this.now();
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
      days: query.days,
      authors: query.authors,
      now,
    });
    await writeStored(db, { ...key, data, computedAt: new Date(now) });
    return data;
  }
}

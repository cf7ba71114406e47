import {
  ANALYTICS_ITEMS_LIMIT,
  AnalyticsMessages,
  isDeliveryItemMetric,
  type AnalyticsItems,
  type AnalyticsItemsQuery,
  type DashboardItems,
  type DashboardItemsQuery,
  type ResolvedPeriod,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { validationError } from '../../lib/errors.js';
import {
  previousPeriod,
  resolvePeriod,
  type PeriodQuery,
  type PeriodWindow,
} from '../../lib/periods.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { ForgeRegistry } from '../forges/index.js';
import { projectsOfOwner, repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import { kindsOf } from './author-kinds.js';
import {
  dashboardItems,
  prItems,
  reposOfProjects,
  teamLogins,
  type PrItemRow,
  type PrItems,
} from './queries/index.js';

/** The deployments, commits or incidents behind a delivery figure (the delivery module's lists). */
export type DeliveryItems = (
  userId: string,
  projectId: string,
  query: AnalyticsItemsQuery,
) => Promise<AnalyticsItems>;

export interface AnalyticsItemsDeps {
  db: Database;
  forges: ForgeRegistry;
  /** The user's time zone (IANA), null for UTC: the days of a period are cut in it. */
  timeZoneOf: (userId: string) => Promise<string | null>;
  now?: () => number;
}

/** The resolved period as answers name it (without its list of days). */
const named = ({ dates: _dates, ...period }: PeriodWindow): ResolvedPeriod => period;

const itemOf = (row: PrItemRow) => ({
  type: 'pull_request' as const,
  repository: row.repo_key,
  number: row.number,
  title: row.title,
  url: row.url,
  author: row.author,
  author_kind: row.kind,
  state: row.state,
  created_at: row.created_at,
  merged_at: row.merged_at,
  value: row.value,
});

const answer = (found: PrItems) => ({
  total: found.total,
  truncated: found.total > found.items.length,
  items: found.items.map(itemOf),
});

/**
 * What stands behind a figure (docs/metrics.md "Down to the items"): the pull requests a project's
 * analytics figure or a dashboard figure counts, over the same period, authors and team.
 */
export class AnalyticsItemsService {
  constructor(private readonly deps: AnalyticsItemsDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private async period(userId: string, query: PeriodQuery) {
    return resolvePeriod(query, await this.deps.timeZoneOf(userId), this.now());
  }

  /**
   * The pull requests a project's pull-request figure counts; a delivery figure's list comes from
   * `delivery`.
   */
  async forProject(
    userId: string,
    projectId: string,
    query: AnalyticsItemsQuery,
    /** The lists behind delivery figures (the delivery module's). */
    delivery: DeliveryItems,
  ): Promise<AnalyticsItems> {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    if (isDeliveryItemMetric(query.metric)) return delivery(userId, project.id, query);
    let authors: string[] | null = null;
    if (query.team !== undefined) {
      authors = await teamLogins(db, project.id, query.team);
      if (authors === null)
        throw validationError([{ path: 'team', message: AnalyticsMessages.invalidTeam }]);
    }
    const period = await this.period(userId, query);
    const repos = (await repositoriesOf(db, project.id)).filter(
      (repo) => this.deps.forges.forProjectRepository(repo)?.id === 'github',
    );
    const found = await prItems(db, query.metric, {
      // The project's owner: whose private pull-request rows the figures read.
      scope: { repoKeys: [...new Set(repos.map(repoKeyOf))], userId: project.ownerId },
      kinds: kindsOf(query.authors),
      authors,
      since: period.since,
      until: period.until,
      limit: ANALYTICS_ITEMS_LIMIT,
    });
    return { metric: query.metric, period: named(period), ...answer(found) };
  }

  /** The pull requests a dashboard figure stands on, across the user's projects. */
  async forDashboard(userId: string, query: DashboardItemsQuery): Promise<DashboardItems> {
    const { db } = this.deps;
    const projects = await projectsOfOwner(db, userId);
    const repos = (
      await reposOfProjects(
        db,
        projects.map((project) => project.id),
      )
    ).filter((repo) => this.deps.forges.forProjectRepository(repo)?.id === 'github');
    const now = this.now();
    const period = await this.period(userId, query);
    const found = await dashboardItems(db, query.metric, {
      scope: { repoKeys: [...new Set(repos.map(repoKeyOf))], userId },
      since: period.since,
      until: period.until,
      previousSince: previousPeriod(period, now).since,
      now: new Date(now).toISOString(),
      limit: ANALYTICS_ITEMS_LIMIT,
    });
    return { metric: query.metric, period: named(period), ...answer(found) };
  }
}

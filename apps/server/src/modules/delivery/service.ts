import {
  ANALYTICS_ITEMS_LIMIT,
  isDeliveryItemMetric,
  AnalyticsItemsMessages,
  AnalyticsMessages,
  type AnalyticsItems,
  type AnalyticsItemsQuery,
  type Delivery,
  type DeliveryQuery,
  type DeploymentSource,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { validationError } from '../../lib/errors.js';
import { resolvePeriod, type PeriodWindow } from '../../lib/periods.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import {
  chooseSources,
  chosenNames,
  computeDelivery,
  type DeliveryRepo,
  type SourceChoice,
} from './compute.js';
import {
  chosenDeployments,
  deployedCommits,
  deliverySettingsOf,
  deploymentCatalog,
  incidentsOf,
  mergedPulls,
  teamLogins,
} from './queries.js';

export interface DeliveryServiceDeps {
  db: Database;
  forges: ForgeRegistry;
  /** The user's time zone (settings' preference; null: UTC). */
  timeZoneOf: (userId: string) => Promise<string | null>;
  now?: () => number;
}

/** The period as answers name it: the resolved window without its list of days. */
const resolvedOf = ({ dates: _dates, ...resolved }: PeriodWindow) => resolved;

/** How far before the period deployments and incidents are read (two 24 h windows). */
const LOOK_BACK_MS = 2 * 86_400_000;

const kindsOf = (authors: DeliveryQuery['authors']): Array<'human' | 'bot' | 'agent'> =>
  authors === 'all'
    ? ['human', 'bot', 'agent']
    : [authors === 'humans' ? 'human' : authors === 'bots' ? 'bot' : 'agent'];

/**
 * A project's delivery figures (docs/metrics.md "Delivery (DORA)") and the lists behind them,
 * computed on each read from the stored deployments, incidents and pull requests.
 */
export class DeliveryService {
  constructor(private readonly deps: DeliveryServiceDeps) {}

  async forProject(userId: string, projectId: string, query: DeliveryQuery): Promise<Delivery> {
    const { period, result } = await this.compute(userId, projectId, query);
    return {
      projectId,
      period: resolvedOf(period),
      authors: query.authors,
      ...result.figures,
      lastUpdated: new Date(this.now()).toISOString(),
    };
  }

  /** What stands behind one delivery figure: its list, as long as the figure's count. */
  async items(
    userId: string,
    projectId: string,
    query: AnalyticsItemsQuery,
  ): Promise<AnalyticsItems> {
    const metric = query.metric;
    if (!isDeliveryItemMetric(metric))
      throw validationError([{ path: 'metric', message: AnalyticsItemsMessages.invalidMetric }]);
    const { period, result } = await this.compute(userId, projectId, query);
    const list = result.lists[metric];
    return {
      metric: query.metric,
      period: resolvedOf(period),
      total: list.length,
      truncated: list.length > ANALYTICS_ITEMS_LIMIT,
      items: list.slice(0, ANALYTICS_ITEMS_LIMIT),
    };
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private async compute(userId: string, projectId: string, query: DeliveryQuery) {
    const { db } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const team = query.team ? await teamLogins(db, project.id, query.team) : null;
    if (query.team && team === null)
      throw validationError([{ path: 'team', message: AnalyticsMessages.invalidTeam }]);
    const period = resolvePeriod(query, await this.deps.timeZoneOf(userId), this.now());
    const repos: DeliveryRepo[] = (await repositoriesOf(db, project.id)).map((repo) => {
      const github = this.deps.forges.forProjectRepository(repo)?.id === 'github';
      return {
        id: repo.id,
        repository: github ? `${repo.owner}/${repo.repo}` : repo.name,
        key: github ? repoKeyOf(repo) : repo.url,
        github,
      };
    });
    // The owner's private copies are visible with the public ones, as the pull requests' are.
    const scope = {
      repoKeys: [...new Set(repos.map((repo) => repo.key))],
      ownerId: project.ownerId,
    };
    const [catalog, settings] = await Promise.all([
      deploymentCatalog(db, scope),
      deliverySettingsOf(db, project.id),
    ]);
    const choices = new Map<string, SourceChoice>(
      settings.sources.map((row) => [
        row.repo_id,
        { source: row.source as 'auto' | DeploymentSource, pattern: row.pattern },
      ]),
    );
    const sources = chooseSources(repos, catalog, choices);
    const chosen = chosenNames(sources);
    const githubScope = {
      repoKeys: scope.repoKeys.filter((key) =>
        repos.some((repo) => repo.github && repo.key === key),
      ),
      ownerId: project.ownerId,
    };
    const lookBack = new Date(Date.parse(period.since) - LOOK_BACK_MS).toISOString();
    // Repositories without pull requests: their lead time is measured per commit.
    const gitScope = {
      repoKeys: scope.repoKeys.filter((key) =>
        repos.some((repo) => !repo.github && repo.key === key),
      ),
      ownerId: project.ownerId,
    };
    const [deployments, pulls, commits, incidents] = await Promise.all([
      chosenDeployments(db, scope, chosen, lookBack),
      mergedPulls(db, githubScope, chosen, period),
      deployedCommits(db, gitScope, chosen, period),
      incidentsOf(db, githubScope, project.id, lookBack),
    ]);
    const result = computeDelivery({
      period,
      repos,
      sources,
      deployments,
      pulls,
      commits,
      incidents,
      incidentLabelPattern: settings.incidentLabelPattern,
      kinds: kindsOf(query.authors),
      team,
    });
    return { period, result };
  }
}

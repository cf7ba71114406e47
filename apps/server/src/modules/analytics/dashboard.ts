import {
  repositoryFullName,
  type ActivityDay,
  type Dashboard,
  type DashboardQuery,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { ForgeRegistry } from '../forges/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { projectsOfOwner } from '../project-access/index.js';
import { repositoryFailures } from '../repo-failures/index.js';
import { commitsByDate } from './git-figures.js';
import { previousPeriod, resolvePeriod } from '../../lib/periods.js';
import type { AnalyticsService } from './service.js';
import { dashboardPrFigures, latestAnalyses, reposOfProjects } from './queries/index.js';

const LIST = 10;
/** README scores below this are listed for attention (docs/metrics.md "README score"). */
const LOW_README_SCORE = 60;

/** `GET /api/dashboard`: a leader's Monday morning across their projects. */
export class DashboardService {
  constructor(
    private readonly deps: {
      db: Database;
      analytics: AnalyticsService;
      forges: ForgeRegistry;
      now?: () => number;
    },
  ) {}

  async forUser(userId: string, query: DashboardQuery = { days: 30 }): Promise<Dashboard> {
    const { db } = this.deps;
    const now = this.deps.now?.() ?? Date.now();
    const projects = (await projectsOfOwner(db, userId)).sort(
      (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
    );
    const ids = projects.map((project) => project.id);
    const repos = await reposOfProjects(db, ids);
    const forge = repos.filter(
      (repo) => this.deps.forges.forProjectRepository(repo)?.id === 'github',
    );
    const period = resolvePeriod(query, await this.deps.analytics.timeZoneOf(userId), now);
    const previous = previousPeriod(period, now);
    const [figures, analyses, failures] = await Promise.all([
      dashboardPrFigures(db, {
        scope: { repoKeys: [...new Set(forge.map(repoKeyOf))], userId },
        since: period.since,
        until: period.until,
        previousSince: previous.since,
        previousUntil: previous.until,
        timeZone: period.timeZone,
      }),
      latestAnalyses(db, ids),
      repositoryFailures(db, userId),
    ]);
    // Compliance is each project's own figure (the same period, humans), summed: served from the
    // stored analytics when fresh.
    const perProject = [];
    for (const project of projects)
      perProject.push(
        await this.deps.analytics.forProject(userId, project.id, { ...query, authors: 'humans' }),
      );
    const compliance = perProject.reduce(
      (sum, item) => ({
        total: sum.total + item.compliance.overallCompliance.total,
        compliant: sum.compliant + item.compliance.overallCompliance.compliant,
      }),
      { total: 0, compliant: 0 },
    );
    const projectById = new Map(projects.map((project) => [project.id, project]));
    const projectOfKey = new Map<string, { id: string; name: string; repository: string }>();
    for (const project of projects)
      for (const repo of forge)
        if (repo.projectId === project.id && !projectOfKey.has(repoKeyOf(repo)))
          projectOfKey.set(repoKeyOf(repo), {
            id: project.id,
            name: project.name,
            // The key is lower-cased for matching; people read the name as the project page writes it.
            repository: repositoryFullName(repo),
          });
    const where = (repo: (typeof repos)[number]) => ({
      projectId: repo.projectId,
      projectName: projectById.get(repo.projectId)!.name,
      repoId: repo.id,
      // As the project page names it (owner/repo, or a local repository's bare name), never its path.
      repository: repositoryFullName(repo),
    });
    const histories = repos.flatMap((repo) => analyses.get(repo.id)?.history ?? []);
    const commits = commitsByDate(histories);
    const byDate = new Map(figures.days.map((day) => [day.date, day]));
    const activity: ActivityDay[] = period.dates.map((date) => {
      const row = byDate.get(date);
      return {
        date,
        commits: histories.length > 0 ? (commits.get(date) ?? null) : null,
        prs_opened: row?.opened ?? 0,
        prs_closed: row?.closed ?? 0,
        prs_merged: row?.merged ?? 0,
      };
    });
    const { dates: _dates, ...resolved } = period;
    return {
      period: resolved,
      totals: {
        projects: projects.length,
        repositories: repos.length,
        open_prs: figures.open,
      },
      waitingForFirstReview: figures.waiting.map((pr) => {
        const project = projectOfKey.get(pr.repo_key)!;
        return {
          projectId: project.id,
          projectName: project.name,
          repository: project.repository,
          number: pr.number,
          title: pr.title,
          url: pr.url,
          author: pr.author,
          waiting_since: pr.waiting_since,
          waiting_hours: Math.max(0, (now - Date.parse(pr.waiting_since)) / 3_600_000),
        };
      }),
      timeToMerge: { current: figures.ttmCurrent, previous: figures.ttmPrevious },
      compliance: {
        ...compliance,
        compliance_rate: compliance.total > 0 ? compliance.compliant / compliance.total : null,
      },
      attention: {
        failures: failures.slice(0, LIST),
        staleBranches: repos
          .flatMap((repo) => {
            const stale = analyses.get(repo.id)?.staleBranches ?? 0;
            return stale > 0 ? [{ ...where(repo), stale }] : [];
          })
          .sort((a, b) => b.stale - a.stale || a.repository.localeCompare(b.repository))
          .slice(0, LIST),
        lowReadmeScores: repos
          .flatMap((repo) => {
            const score = analyses.get(repo.id)?.readmeScore;
            return score !== null && score !== undefined && score < LOW_README_SCORE
              ? [{ ...where(repo), score }]
              : [];
          })
          .sort((a, b) => a.score - b.score || a.repository.localeCompare(b.repository))
          .slice(0, LIST),
      },
      recentChangesRequested: figures.changesRequested.flatMap((review) => {
        const project = projectOfKey.get(review.repo_key);
        return project
          ? [
              {
                reviewId: review.id,
                projectId: project.id,
                projectName: project.name,
                repository: project.repository,
                number: review.number,
                reason: review.reason,
                findings_count: review.findings,
                finished_at: review.finished_at,
              },
            ]
          : [];
      }),
      activity,
      lastUpdated: new Date(now).toISOString(),
    };
  }
}

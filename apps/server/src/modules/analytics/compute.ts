import type {
  ActivityDay,
  AnalyticsAuthors,
  AnalyticsPeriod,
  AnalyticsRepo,
  AuthorKind,
  Contributor,
  FlowStat,
  ProjectAnalytics,
} from '@rota/contracts';
import { PULL_REQUEST_REVIEW_STATES } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { ProjectRepoRow } from '../project-access/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { kindsOf } from './author-kinds.js';
import {
  commitsByDate,
  commitsInPeriod,
  gitPerson,
  historyTotals,
  structureFigures,
} from './git-figures.js';
import { periodEnding, resolvedPreset } from './period.js';
import { latestAnalyses, prFigures, type PrFigures, type RepoAnalyses } from './queries/index.js';

export interface ComputeInput {
  projectId: string;
  userId: string;
  /** The project's repositories in the user's order. */
  repos: ProjectRepoRow[];
  /** Whether a repository is a GitHub one (its pull requests are synced). */
  isForge: (repo: ProjectRepoRow) => boolean;
  days: AnalyticsPeriod;
  authors: AnalyticsAuthors;
  now: number;
}

const emptyFlow = (): FlowStat => ({
  count: 0,
  median: null,
  p75: null,
  avg: null,
  not_measurable: 0,
});
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const TOP = 10;

/** A project's analytics, computed from what is stored (docs/metrics.md "Pull-request flow"). */
export async function computeAnalytics(
  db: Database,
  input: ComputeInput,
): Promise<ProjectAnalytics> {
  const period = periodEnding(input.now, input.days);
  const last30 = periodEnding(input.now, 30);
  const forgeRepos = input.repos.filter(input.isForge);
  const kinds = kindsOf(input.authors);
  const [figures, analyses] = await Promise.all([
    prFigures(db, {
      scope: { repoKeys: [...new Set(forgeRepos.map(repoKeyOf))], userId: input.userId },
      kinds,
      since: period.since,
      until: period.until,
      seriesSince: period.since < last30.since ? period.since : last30.since,
    }),
    latestAnalyses(db, [input.projectId]),
  ]);
  const analysisOf = (repo: ProjectRepoRow) => analyses.get(repo.id);
  const histories = input.repos.flatMap((repo) => analysisOf(repo)?.history ?? []);
  const sinceDate = period.since.slice(0, 10);
  const series = activitySeries(figures, commitsByDate(histories), histories.length > 0);
  const repos = input.repos.map((repo) =>
    repoFigures(repo, input.isForge(repo), figures, analysisOf(repo), sinceDate),
  );
  const merged = figures.byKind.reduce((sum, kind) => sum + kind.merged, 0);
  const byKind = (kind: AuthorKind) => {
    const row = figures.byKind.find((candidate) => candidate.kind === kind);
    return {
      prs_opened: row?.opened ?? 0,
      prs_merged: row?.merged ?? 0,
      merged_share: share(row?.merged ?? 0, merged),
      time_to_first_review: row?.ttfr ?? emptyFlow(),
      time_to_merge: row?.ttm ?? emptyFlow(),
    };
  };
  const gitOnlyChurn = input.repos
    .filter((repo) => !input.isForge(repo) && analysisOf(repo)?.history)
    .map((repo) => historyTotals(analysisOf(repo)!.history!, sinceDate).churn);
  const structure = structureFigures([...analyses.values()]);
  const ages = histories.flatMap((history) =>
    history.firstCommitDate ? [(input.now - Date.parse(history.firstCommitDate)) / 86_400_000] : [],
  );
  const people = contributors(figures, histories, kinds, period.since);
  const webhookActive = repos.filter((repo) => repo.webhook === 'active').length;
  const snapshots = figures.snapshots;
  return {
    projectId: input.projectId,
    period: resolvedPreset(period),
    authors: input.authors,
    sources: {
      forge_repos: forgeRepos.length,
      git_only_repos: input.repos.length - forgeRepos.length,
      history_repos: histories.length,
      agent_trailers: true,
    },
    prReviews: {
      totalPRs: figures.opened,
      statusBreakdown: PULL_REQUEST_REVIEW_STATES.map((status) => ({
        review_status: status,
        count: figures.statuses.find((row) => row.review_status === status)?.count ?? 0,
      })),
      last30Days: series.filter((day) => day.date >= last30.since.slice(0, 10)),
      avgReviewTime: figures.flow.review_time.avg,
    },
    repositories: {
      totalRepos: input.repos.length,
      repos,
      webhookStatus: {
        total: forgeRepos.length,
        active: webhookActive,
        inactive: forgeRepos.length - webhookActive,
      },
      recentPRs: figures.recent.map((pr) => ({
        repository: pr.repo_key,
        number: pr.number,
        title: pr.title,
        url: pr.url,
        state: pr.state,
        author: pr.author,
        author_kind: pr.kind,
        created_at: pr.created_at,
        updated_at: pr.updated_at,
      })),
      mostActiveRepos: repos
        .map((repo) => ({ name: repo.name, commits: repo.commits ?? 0, prs: repo.prs_opened }))
        .filter((repo) => repo.commits + repo.prs > 0)
        .sort((a, b) => b.commits + b.prs - (a.commits + a.prs) || a.name.localeCompare(b.name))
        .slice(0, 5),
    },
    contributors: people,
    compliance: {
      overallCompliance: {
        total: figures.compliance.total,
        compliant: figures.compliance.compliant,
        compliance_rate: share(figures.compliance.compliant, figures.compliance.total),
      },
      ourReviews: figures.ours,
      not_reviewed_by_rota: figures.compliance.notReviewed,
    },
    languages: structure.languages,
    additionalMetrics: {
      totalStars: snapshots.repos > 0 ? snapshots.stars : null,
      totalForks: snapshots.repos > 0 ? snapshots.forks : null,
      totalIssues: snapshots.openIssues,
      totalSize: snapshots.repos > 0 ? snapshots.size : null,
      avgRepoAge: ages.length > 0 ? ages.reduce((a, b) => a + b, 0) / ages.length : null,
    },
    metrics: {
      totalPRs: figures.opened,
      openPRs: figures.openedOpen,
      closedPRs: figures.openedClosed,
      mergedPRs: figures.openedMerged,
      avgMergeTime: figures.flow.time_to_merge.avg,
      codeChurn:
        forgeRepos.length > 0 || gitOnlyChurn.length > 0
          ? (forgeRepos.length > 0 ? figures.churn : 0) + gitOnlyChurn.reduce((a, b) => a + b, 0)
          : null,
      testCoverage: null,
      testToCodeRatio: structure.testToCodeRatio,
    },
    flow: figures.flow,
    size: { median: figures.sizeMedian, avg: figures.sizeAvg, classes: figures.classes },
    rates: {
      merge_rate: share(figures.openedMerged, figures.opened),
      review_coverage: share(figures.reviewedBeforeMerge, figures.merged),
      reviewed_before_merge: figures.reviewedBeforeMerge,
      throughput: figures.merged,
      stale_prs: figures.stale,
    },
    byAuthorKind: { human: byKind('human'), bot: byKind('bot'), agent: byKind('agent') },
    charts: { activity: series.filter((day) => day.date >= period.since.slice(0, 10)) },
    lastUpdated: period.until,
  };

  function activitySeries(
    pr: PrFigures,
    commits: Map<string, number>,
    hasHistory: boolean,
  ): ActivityDay[] {
    const days = periodEnding(input.now, Math.max(input.days, 30)).dates;
    return days.map((date) => {
      const row = pr.days.find((day) => day.date === date);
      return {
        date,
        commits: hasHistory ? (commits.get(date) ?? null) : null,
        prs_opened: row?.opened ?? 0,
        prs_closed: row?.closed ?? 0,
        prs_merged: row?.merged ?? 0,
      };
    });
  }
}

function repoFigures(
  repo: ProjectRepoRow,
  forge: boolean,
  figures: PrFigures,
  analyses: RepoAnalyses | undefined,
  sinceDate: string,
): AnalyticsRepo {
  const row = forge
    ? figures.repos.find((candidate) => candidate.repo_key === repoKeyOf(repo))
    : undefined;
  return {
    repoId: repo.id,
    name: repo.name,
    full_name: forge ? `${repo.owner}/${repo.repo}` : repo.url,
    forge: forge ? 'github' : null,
    commits: analyses?.history ? historyTotals(analyses.history, sinceDate).commits : null,
    prs_opened: row?.opened ?? 0,
    prs_merged: row?.merged ?? 0,
    open_prs: row?.open ?? 0,
    webhook: !forge
      ? 'none'
      : repo.webhookInstalled
        ? 'active'
        : repo.webhookId
          ? 'inactive'
          : 'none',
  };
}

/**
 * People of the period: pull-request authors and reviewers by login, and git authors of the
 * history analyses (named by login when their address is GitHub's no-reply one, so both meet).
 */
function contributors(
  figures: PrFigures,
  histories: Array<NonNullable<RepoAnalyses['history']>>,
  kinds: AuthorKind[],
  since: string,
): ProjectAnalytics['contributors'] {
  const people = new Map<string, Contributor & { last: string }>();
  const person = (name: string, kind: AuthorKind) => {
    const key = name.toLowerCase();
    let found = people.get(key);
    if (!found) {
      found = { name, kind, prs_opened: 0, prs_merged: 0, reviews: 0, commits: null, last: '' };
      people.set(key, found);
    }
    return found;
  };
  const committed = new Map<string, number | null>();
  for (const author of figures.authors) {
    const entry = person(author.login, author.kind);
    entry.prs_opened += author.opened;
    entry.prs_merged += author.merged;
    if (author.last_at > entry.last) entry.last = author.last_at;
  }
  // Counted reviews are by people only (docs/metrics.md "Reviews").
  if (kinds.includes('human'))
    for (const reviewer of figures.reviewers) {
      const entry = person(reviewer.login, 'human');
      entry.reviews += reviewer.reviews;
      if (reviewer.last_at > entry.last) entry.last = reviewer.last_at;
    }
  const recent = new Map<string, { name: string; last_activity_at: string }>();
  for (const history of histories)
    for (const author of history.people) {
      const { name, kind } = gitPerson(author);
      if (!kinds.includes(kind)) continue;
      const commits = commitsInPeriod(author, since);
      if (commits === 'inactive') continue;
      const entry = person(name, kind);
      const key = name.toLowerCase();
      const before = committed.has(key) ? committed.get(key)! : 0;
      committed.set(key, before === null || commits === null ? null : before + commits);
      if (author.lastCommitDate > entry.last) entry.last = author.lastCommitDate;
      const seen = recent.get(key);
      if (!seen || seen.last_activity_at < author.lastCommitDate)
        recent.set(key, { name, last_activity_at: author.lastCommitDate });
    }
  const list: Contributor[] = [...people.entries()]
    .filter(([, entry]) => kinds.includes(entry.kind))
    .map(([key, { last: _last, ...entry }]) => ({
      ...entry,
      // Commits are known only from a history analysis naming the person: the forge repositories'
      // commits of someone it does not name are unknown, not zero.
      commits: committed.has(key) ? committed.get(key)! : null,
    }));
  const weight = (entry: Contributor) =>
    entry.prs_opened + entry.prs_merged + entry.reviews + (entry.commits ?? 0);
  list.sort((a, b) => weight(b) - weight(a) || a.name.localeCompare(b.name));
  return {
    topContributors: list.slice(0, TOP),
    totalContributors: list.length,
    recentCommitters: [...recent.values()]
      .sort(
        (a, b) =>
          b.last_activity_at.localeCompare(a.last_activity_at) || a.name.localeCompare(b.name),
      )
      .slice(0, TOP),
  };
}

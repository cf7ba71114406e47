import type {
  ActivityDay,
  AnalyticsAuthors,
  AnalyticsRepo,
  AuthorKind,
  Contributor,
  EmptyPeriod,
  FlowStat,
  ProjectAnalytics,
  TrendFigures,
  Trends,
} from '@rota/contracts';
import { PULL_REQUEST_REVIEW_STATES } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { ProjectRepoRow } from '../project-access/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { kindsOf } from './author-kinds.js';
import {
  addDays,
  dateIn,
  previousPeriod,
  trendBuckets,
  windowOf,
  type PeriodWindow,
} from '../../lib/periods.js';
import {
  commitsByDate,
  commitsInPeriod,
  gitPerson,
  historyTotals,
  isTeamCommitter,
  structureFigures,
} from './git-figures.js';
import {
  latestAnalyses,
  prFigures,
  trendFigures,
  type HistoryPart,
  type PrFigures,
  type RepoAnalyses,
  type TeamFilter,
  type TrendRow,
} from './queries/index.js';

export interface ComputeInput {
  projectId: string;
  userId: string;
  /** The project's repositories in the user's order. */
  repos: ProjectRepoRow[];
  /** Whether a repository is a GitHub one (its pull requests are synced). */
  isForge: (repo: ProjectRepoRow) => boolean;
  /** The resolved period (lib/periods.ts): every figure is cut to its since..until. */
  period: PeriodWindow;
  authors: AnalyticsAuthors;
  /** Only this team's members' work, or everyone's (null). */
  team: TeamFilter | null;
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
  const { period, team } = input;
  // spec §3: the last 30 days ending at the period's end, whatever the period.
  const last30 = windowOf(addDays(period.to, -29), period.to, period.timeZone, input.now);
  const previous = previousPeriod(period, input.now);
  const trend = trendBuckets(period);
  const buckets = trend.buckets.map((bucket) =>
    windowOf(bucket.from, bucket.to, period.timeZone, input.now),
  );
  const forgeRepos = input.repos.filter(input.isForge);
  const kinds = kindsOf(input.authors);
  const scope = { repoKeys: [...new Set(forgeRepos.map(repoKeyOf))], userId: input.userId };
  const authorLogins = team?.logins ?? null;
  const [figures, trendRows, analyses] = await Promise.all([
    prFigures(db, {
      scope,
      kinds,
      since: period.since,
      until: period.until,
      seriesSince: period.since < last30.since ? period.since : last30.since,
      timeZone: period.timeZone,
      authorLogins,
    }),
    trendFigures(db, {
      scope,
      kinds,
      authorLogins,
      ranges: [...buckets, period, previous].map(({ since, until }) => ({ since, until })),
    }),
    latestAnalyses(db, [input.projectId]),
  ]);
  const analysisOf = (repo: ProjectRepoRow) => analyses.get(repo.id);
  const histories = input.repos.flatMap((repo) => analysisOf(repo)?.history ?? []);
  const sinceDate = period.from;
  // A history keeps commits per day for everyone together: a team's daily and per-repository
  // commits are not known (its members' totals are, in the contributors).
  const commitsKnown = histories.length > 0 && !team;
  const series = activitySeries(figures, commitsByDate(histories), commitsKnown);
  const repos = input.repos.map((repo) =>
    repoFigures(repo, input.isForge(repo), figures, analysisOf(repo), sinceDate, period.to, !team),
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
  const gitOnlyChurn = team
    ? []
    : input.repos
        .filter((repo) => !input.isForge(repo) && analysisOf(repo)?.history)
        .map((repo) => historyTotals(analysisOf(repo)!.history!, sinceDate, period.to).churn);
  const structure = structureFigures([...analyses.values()]);
  const ages = histories.flatMap((history) =>
    history.firstCommitDate ? [(input.now - Date.parse(history.firstCommitDate)) / 86_400_000] : [],
  );
  const people = contributors(figures, histories, kinds, period, team);
  const webhookActive = repos.filter((repo) => repo.webhook === 'active').length;
  const snapshots = figures.snapshots;
  const { dates: _dates, ...resolved } = period;
  return {
    projectId: input.projectId,
    period: resolved,
    authors: input.authors,
    team: team ? { id: team.id, name: team.name } : null,
    trends: trendsOf(trend.granularity, trend.buckets, trendRows, previous),
    emptyPeriod: emptyPeriodOf(figures, histories, kinds, period, team),
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
      last30Days: series.filter((day) => day.date >= last30.from),
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
    charts: { activity: series.filter((day) => day.date >= period.from) },
    lastUpdated: new Date(input.now).toISOString(),
  };

  function activitySeries(
    pr: PrFigures,
    commits: Map<string, number>,
    hasHistory: boolean,
  ): ActivityDay[] {
    const first = period.from < last30.from ? period.from : last30.from;
    const days = windowOf(first, period.to, period.timeZone, input.now).dates;
    const byDate = new Map(pr.days.map((day) => [day.date, day]));
    return days.map((date) => {
      const row = byDate.get(date);
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
  untilDate: string,
  commitsKnown: boolean,
): AnalyticsRepo {
  const row = forge
    ? figures.repos.find((candidate) => candidate.repo_key === repoKeyOf(repo))
    : undefined;
  return {
    repoId: repo.id,
    name: repo.name,
    full_name: forge ? `${repo.owner}/${repo.repo}` : repo.url,
    forge: forge ? 'github' : null,
    commits:
      analyses?.history && commitsKnown
        ? historyTotals(analyses.history, sinceDate, untilDate).commits
        : null,
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
  period: PeriodWindow,
  team: TeamFilter | null,
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
      if (team && !isTeamCommitter(author, team)) continue;
      const commits = commitsInPeriod(author, period.since, period.until);
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

function trendFiguresOf(row: TrendRow): TrendFigures {
  return {
    time_to_first_review: row.time_to_first_review,
    review_time: row.review_time,
    time_to_merge: row.time_to_merge,
    cycle_time: row.cycle_time,
    throughput: row.merged,
    merge_rate: share(row.openedMerged, row.opened),
    pr_size: row.sizeMedian,
    compliance: share(row.compliant, row.complianceTotal),
  };
}

/** The trend: one row per bucket, then the period's own, then the period before (trendFigures' ranges). */
function trendsOf(
  granularity: Trends['granularity'],
  buckets: Array<{ from: string; to: string }>,
  rows: TrendRow[],
  previous: PeriodWindow,
): Trends {
  return {
    granularity,
    buckets: buckets.map((bucket, index) => ({ ...bucket, ...trendFiguresOf(rows[index]!) })),
    current: trendFiguresOf(rows[buckets.length]!),
    previous: {
      from: previous.from,
      to: previous.to,
      ...trendFiguresOf(rows[buckets.length + 1]!),
    },
  };
}

/**
 * Null when the period holds a pull-request event (opened, merged, closed, counted review) or a
 * commit day of the histories; else when the last such activity was before the period's end and
 * the same-length period ending on that day in the user's zone (docs/metrics.md "Empty periods").
 */
function emptyPeriodOf(
  figures: PrFigures,
  histories: HistoryPart[],
  kinds: AuthorKind[],
  period: PeriodWindow,
  team: TeamFilter | null,
): EmptyPeriod | null {
  const reviews = figures.reviewers.reduce((sum, reviewer) => sum + reviewer.reviews, 0);
  if (figures.opened + figures.merged + figures.closed + reviews > 0) return null;
  const people = histories.flatMap((history) =>
    history.people.filter(
      (person) =>
        kinds.includes(gitPerson(person).kind) && (!team || isTeamCommitter(person, team)),
    ),
  );
  const committed = team
    ? people.some(
        (person) =>
          Date.parse(person.lastCommitDate) >= Date.parse(period.since) &&
          Date.parse(person.firstCommitDate) <= Date.parse(period.until),
      )
    : histories.some((history) =>
        history.commitsPerDay.some(
          (day) => day.commits > 0 && day.date >= period.from && day.date <= period.to,
        ),
      );
  if (committed) return null;
  const candidates = [
    figures.lastEventAt,
    ...people
      .map((person) => person.lastCommitDate)
      .filter((at) => Date.parse(at) <= Date.parse(period.until)),
    ...(team
      ? []
      : histories.flatMap((history) =>
          history.commitsPerDay
            .filter((day) => day.commits > 0 && day.date < period.from)
            .map((day) => `${day.date}T00:00:00.000Z`),
        )),
  ].flatMap((at) => (at ? [new Date(at).toISOString()] : []));
  const last = candidates.sort().at(-1) ?? null;
  if (!last) return { last_activity_at: null, suggestion: null };
  const to = dateIn(Date.parse(last), period.timeZone);
  return { last_activity_at: last, suggestion: { from: addDays(to, -(period.days - 1)), to } };
}

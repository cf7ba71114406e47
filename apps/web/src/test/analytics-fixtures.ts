import { http, HttpResponse } from 'msw';
import {
  DashboardSchema,
  ProjectAnalyticsSchema,
  type ActivityDay,
  type Dashboard,
  type FlowStat,
  type ProjectAnalytics,
  type RepoFailure,
} from '@rota/contracts';

/**
 * Analytics and dashboard answers as the contract defines them. Each fixture is parsed by its
 * contract schema when built, so a fixture that drifts from the contract fails every test using it.
 */

const flow = (median: number | null, p75: number | null, count: number): FlowStat => ({
  count,
  median,
  p75,
  avg: median,
  not_measurable: 0,
});

/** `days` UTC days ending 2026-11-23, with the given counts on each (all zero by default). */
export function activityDays(
  days: number,
  day: (index: number) => Partial<Omit<ActivityDay, 'date'>> = () => ({}),
): ActivityDay[] {
  const end = Date.UTC(2026, 10, 23);
  return Array.from({ length: days }, (_, index) => ({
    date: new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
    commits: 0,
    prs_opened: 0,
    prs_closed: 0,
    prs_merged: 0,
    ...day(index),
  }));
}

/**
 * The period an answer names: the last `days` days ending 2026-11-23 (a preset), or a from–to
 * range in Istanbul's time zone.
 */
export function periodFixture(
  days = 30,
  range?: { from: string; to: string },
): ProjectAnalytics['period'] {
  const to = range?.to ?? '2026-11-23';
  const from =
    range?.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const span = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return {
    days: span,
    preset: range ? null : days,
    from,
    to,
    timeZone: 'Europe/Istanbul',
    since: `${from}T00:00:00+03:00`,
    until: to === '2026-11-23' ? '2026-11-23T10:00:00Z' : `${to}T23:59:59+03:00`,
  };
}

const kindFigures = (
  opened: number,
  merged: number,
  share: number | null,
  wait: number | null,
) => ({
  prs_opened: opened,
  prs_merged: merged,
  merged_share: share,
  time_to_first_review: flow(wait, wait, merged),
  time_to_merge: flow(wait === null ? null : wait * 2, null, merged),
});

type AnalyticsBody = Omit<ProjectAnalytics, 'team' | 'trends' | 'emptyPeriod'>;

/**
 * What the server adds to every answer: no team filter, a period with activity, and trends of one
 * bucket holding the answer's own figures, against a previous period with nothing in it.
 */
function withTrends(body: AnalyticsBody): ProjectAnalytics {
  const current = {
    time_to_first_review: body.flow.time_to_first_review.median,
    review_time: body.flow.review_time.median,
    time_to_merge: body.flow.time_to_merge.median,
    cycle_time: body.flow.cycle_time.median,
    throughput: body.rates.throughput,
    merge_rate: body.rates.merge_rate,
    pr_size: body.size.median,
    compliance: body.compliance.overallCompliance.compliance_rate,
  };
  const day = 86_400_000;
  const before = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - days * day).toISOString().slice(0, 10);
  return {
    ...body,
    team: null,
    emptyPeriod: null,
    trends: {
      granularity: 'week',
      buckets: [{ ...current, from: body.period.from, to: body.period.to }],
      current,
      previous: {
        time_to_first_review: null,
        review_time: null,
        time_to_merge: null,
        cycle_time: null,
        throughput: 0,
        merge_rate: null,
        pr_size: null,
        compliance: null,
        from: before(body.period.from, body.period.days),
        to: before(body.period.from, 1),
      },
    },
  };
}

/** A busy project with GitHub pull requests, a history and a structure analysis. */
export function analyticsFixture(days = 30): ProjectAnalytics {
  const activity = activityDays(days, (index) => ({
    commits: index % 3,
    prs_opened: index === days - 2 ? 3 : 0,
    prs_merged: index === days - 1 ? 2 : 0,
  }));
  return ProjectAnalyticsSchema.parse(
    withTrends({
      projectId: 'p-1',
      period: periodFixture(days),
      authors: 'humans',
      sources: { forge_repos: 1, git_only_repos: 0, history_repos: 1, agent_trailers: true },
      prReviews: {
        totalPRs: 12,
        statusBreakdown: [
          { review_status: 'approved', count: 6 },
          { review_status: 'changes_requested', count: 2 },
          { review_status: 'review_required', count: 4 },
        ],
        last30Days: activityDays(30),
        avgReviewTime: 5,
      },
      repositories: {
        totalRepos: 1,
        repos: [
          {
            repoId: 'r-1',
            name: 'payments-api',
            full_name: 'acme/payments-api',
            forge: 'github',
            commits: 40,
            prs_opened: 12,
            prs_merged: 8,
            open_prs: 3,
            webhook: 'active',
          },
        ],
        webhookStatus: { total: 1, active: 1, inactive: 0 },
        recentPRs: [],
        mostActiveRepos: [{ name: 'payments-api', commits: 40, prs: 12 }],
      },
      contributors: {
        topContributors: [
          {
            name: 'aysekaya',
            kind: 'human',
            prs_opened: 7,
            prs_merged: 5,
            reviews: 9,
            commits: 30,
          },
          {
            name: 'mehmet',
            kind: 'human',
            prs_opened: 5,
            prs_merged: 3,
            reviews: 4,
            commits: null,
          },
        ],
        totalContributors: 2,
        recentCommitters: [],
      },
      compliance: {
        overallCompliance: { total: 4, compliant: 3, compliance_rate: 0.75 },
        ourReviews: { total: 6, approved: 3, changes_requested: 2, commented: 1, pending: 0 },
        not_reviewed_by_rota: 4,
      },
      languages: { TypeScript: 12_388, JavaScript: 400 },
      additionalMetrics: {
        totalStars: 10,
        totalForks: 2,
        totalIssues: 1_234,
        totalSize: 2048,
        avgRepoAge: 300,
      },
      metrics: {
        totalPRs: 12,
        openPRs: 3,
        closedPRs: 1,
        mergedPRs: 8,
        avgMergeTime: 30,
        codeChurn: 4_200,
        testCoverage: null,
        testToCodeRatio: 0.42,
      },
      flow: {
        time_to_first_review: flow(3.5, 8, 8),
        review_time: flow(20, 30, 8),
        time_to_merge: flow(60, 90, 8),
        coding_time: flow(null, null, 0),
        cycle_time: { ...flow(72, 100, 7), not_measurable: 1 },
      },
      size: { median: 180, avg: 260, classes: { XS: 1, S: 2, M: 3, L: 1, XL: 1 } },
      rates: { merge_rate: 0.5, review_coverage: 0.875, throughput: 8, stale_prs: 2 },
      byAuthorKind: {
        human: kindFigures(12, 8, 0.8, 3.5),
        bot: kindFigures(4, 1, 0.1, null),
        agent: kindFigures(2, 1, 0.1, 0.5),
      },
      charts: { activity },
      lastUpdated: '2026-11-23T10:00:00Z',
    }),
  );
}

/** A new project whose only repository is on a plain git host and has no analysis yet. */
export function emptyAnalyticsFixture(): ProjectAnalytics {
  const none = flow(null, null, 0);
  const kind = kindFigures(0, 0, null, null);
  const days = activityDays(30, () => ({ commits: null }));
  return ProjectAnalyticsSchema.parse(
    withTrends({
      projectId: 'p-1',
      period: periodFixture(30),
      authors: 'humans',
      sources: { forge_repos: 0, git_only_repos: 1, history_repos: 0, agent_trailers: true },
      prReviews: { totalPRs: 0, statusBreakdown: [], last30Days: days, avgReviewTime: null },
      repositories: {
        totalRepos: 1,
        repos: [],
        webhookStatus: { total: 0, active: 0, inactive: 0 },
        recentPRs: [],
        mostActiveRepos: [],
      },
      contributors: { topContributors: [], totalContributors: 0, recentCommitters: [] },
      compliance: {
        overallCompliance: { total: 0, compliant: 0, compliance_rate: null },
        ourReviews: { total: 0, approved: 0, changes_requested: 0, commented: 0, pending: 0 },
        not_reviewed_by_rota: 0,
      },
      languages: {},
      additionalMetrics: {
        totalStars: null,
        totalForks: null,
        totalIssues: null,
        totalSize: null,
        avgRepoAge: null,
      },
      metrics: {
        totalPRs: 0,
        openPRs: 0,
        closedPRs: 0,
        mergedPRs: 0,
        avgMergeTime: null,
        codeChurn: null,
        testCoverage: null,
        testToCodeRatio: null,
      },
      flow: {
        time_to_first_review: none,
        review_time: none,
        time_to_merge: none,
        coding_time: none,
        cycle_time: none,
      },
      size: { median: null, avg: null, classes: { XS: 0, S: 0, M: 0, L: 0, XL: 0 } },
      rates: { merge_rate: null, review_coverage: null, throughput: 0, stale_prs: 0 },
      byAuthorKind: { human: kind, bot: kind, agent: kind },
      charts: { activity: days },
      lastUpdated: '2026-11-23T10:00:00Z',
    }),
  );
}

/** A repository whose fetch failed, as `GET /api/repository-failures` and the dashboard send it. */
export function repoFailureFixture(overrides: Partial<RepoFailure> = {}): RepoFailure {
  return {
    projectId: 'p-2',
    projectName: 'Web',
    repoId: 'r-3',
    repository: 'expressjs/express',
    branch: 'main',
    defaultBranch: 'master',
    source: 'analysis',
    code: 'UNKNOWN_REF',
    temporary: false,
    action: 'useDefaultBranch',
    at: '2026-11-23T09:00:00Z',
    ...overrides,
  };
}

/** A leader with two projects, work waiting and things to look at. */
export function dashboardFixture(overrides: Partial<Dashboard> = {}): Dashboard {
  return DashboardSchema.parse({
    period: periodFixture(30),
    totals: { projects: 2, repositories: 3, open_prs: 5 },
    waitingForFirstReview: [
      {
        projectId: 'p-1',
        projectName: 'Ödeme',
        repository: 'acme/payments-api',
        number: 42,
        title: 'Retry card captures on timeouts',
        url: 'https://github.com/acme/payments-api/pull/42',
        author: 'aysekaya',
        waiting_since: '2026-11-20T10:00:00Z',
        waiting_hours: 72,
      },
    ],
    timeToMerge: { current: 30, previous: 40 },
    compliance: { total: 4, compliant: 3, compliance_rate: 0.75 },
    attention: {
      failures: [],
      staleBranches: [
        {
          projectId: 'p-1',
          projectName: 'Ödeme',
          repoId: 'r-1',
          repository: 'acme/payments-api',
          stale: 7,
        },
      ],
      lowReadmeScores: [
        {
          projectId: 'p-2',
          projectName: 'Web',
          repoId: 'r-2',
          repository: 'acme/web',
          score: 35,
        },
      ],
    },
    recentChangesRequested: [
      {
        reviewId: 'rv-1',
        projectId: 'p-1',
        projectName: 'Ödeme',
        repository: 'acme/payments-api',
        number: 41,
        reason: 'Card numbers are logged in plain text',
        findings_count: 3,
        finished_at: '2026-11-22T10:00:00Z',
      },
    ],
    activity: activityDays(30, (index) => ({ commits: index % 4, prs_opened: index % 2 })),
    lastUpdated: '2026-11-23T10:00:00Z',
    ...overrides,
  });
}

/** A new user's dashboard: no projects, nothing measured. */
export function emptyDashboardFixture(): Dashboard {
  return DashboardSchema.parse({
    period: periodFixture(30),
    totals: { projects: 0, repositories: 0, open_prs: 0 },
    waitingForFirstReview: [],
    timeToMerge: { current: null, previous: null },
    compliance: { total: 0, compliant: 0, compliance_rate: null },
    attention: { failures: [], staleBranches: [], lowReadmeScores: [] },
    recentChangesRequested: [],
    activity: activityDays(30, () => ({ commits: null })),
    lastUpdated: '2026-11-23T10:00:00Z',
  });
}

/**
 * `GET /api/dashboard` for a user with no projects: for tests that pass through the dashboard
 * (after sign-in, the index route) and do not look at its figures.
 */
export const emptyDashboardAnswer = () =>
  http.get('/api/dashboard', () =>
    HttpResponse.json({ success: true, data: emptyDashboardFixture() }),
  );

import { beforeEach, describe, expect, it } from 'vitest';
import { AnalyticsMessages, type ProjectAnalytics } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  DAY,
  NOW,
  historyResult,
  insertAnalysis,
  insertPulls,
  insertRepo,
  insertRotaReview,
  insertSnapshot,
  type SeedPull,
} from '../../testing/analytics-seed.js';
import { saveSnapshot } from '../github-data/index.js';

/**
 * `GET /api/projects/{id}/analytics` over a hand-made dataset: every expected figure below is
 * worked out in the comments from the rows written (times are hours before NOW, Monday 15 June
 * 2026 12:00 UTC; the 30-day period starts 17 May 00:00 = NOW − 708 h).
 */
const context = useTestApp({ startQueue: false });

const API = 'acme/api';
const WEB = 'acme/web';
const TOOLS_URL = 'https://git.example.org/acme/tools.git';

/** Humans: bora, cem, deniz (and ayse, who only leaves a pending review). */
const PULLS: SeedPull[] = [
  // #1 merged: ttfr 100−90 = 10 h, review 90−80 = 10 h, ttm 20 h, coding 110−100 = 10 h, cycle 30 h.
  {
    repoKey: API,
    number: 1,
    author: 'bora',
    state: 'merged',
    created: 100,
    merged: 80,
    firstCommit: 110,
    size: 40,
    reviews: [{ author: 'cem', state: 'approved', at: 90 }],
  },
  // #2 merged: ttfr 5 h, review 45−20 = 25 h, ttm 30 h, coding 2 h, cycle 32 h.
  {
    repoKey: API,
    number: 2,
    author: 'cem',
    state: 'merged',
    created: 50,
    merged: 20,
    firstCommit: 52,
    size: 8,
    reviews: [{ author: 'bora', state: 'commented', at: 45 }],
  },
  // #3 merged without review: ttm 6 h; no first commit known: coding and cycle not measurable.
  { repoKey: API, number: 3, author: 'bora', state: 'merged', created: 30, merged: 24, size: 300 },
  // #4 open, opened as a draft and marked ready 1 h later: pickup starts then, so ttfr 9−8 = 1 h
  // (2 h from its opening); coding 2 h.
  {
    repoKey: API,
    number: 4,
    author: 'deniz',
    state: 'open',
    created: 10,
    readyForReview: 9,
    updated: 9,
    firstCommit: 12,
    size: 120,
    reviews: [{ author: 'bora', state: 'changes_requested', at: 8 }],
  },
  // #5 open draft, a review asked: first commit after opening → coding −1 h, not measurable.
  {
    repoKey: API,
    number: 5,
    author: 'deniz',
    state: 'open',
    draft: true,
    created: 5,
    firstCommit: 4,
    size: 0,
    requests: ['cem'],
  },
  // #6 closed unmerged: its author's own comment and a bot's do not count; coding 1 h.
  {
    repoKey: API,
    number: 6,
    author: 'bora',
    state: 'closed',
    created: 60,
    closed: 40,
    firstCommit: 61,
    size: 2000,
    reviews: [
      { author: 'bora', state: 'commented', at: 55 },
      { author: 'renovate[bot]', state: 'commented', at: 50, bot: true },
    ],
  },
  // #7 open, opened 40 days ago (before the period), untouched for 20 days: stale.
  {
    repoKey: API,
    number: 7,
    author: 'cem',
    state: 'open',
    created: 960,
    updated: 480,
    size: 10,
    requests: ['ayse'],
  },
  // #8 bot (GitHub Bot type): ttfr 5 h, ttm 10 h.
  {
    repoKey: API,
    number: 8,
    author: 'dependabot[bot]',
    authorIsBot: true,
    state: 'merged',
    created: 70,
    merged: 60,
    size: 4,
    reviews: [{ author: 'cem', state: 'approved', at: 65 }],
  },
  // #9 bot by the known-account list only (no [bot], not GitHub's Bot type).
  { repoKey: API, number: 9, author: 'renovate', state: 'open', created: 20, size: 12 },
  // #10 agent (a Bot-type account too: the agent kind wins): ttfr 2 h, ttm 20 h.
  {
    repoKey: API,
    number: 10,
    author: 'Copilot',
    authorIsBot: true,
    state: 'merged',
    created: 30,
    merged: 10,
    size: 60,
    reviews: [{ author: 'bora', state: 'approved', at: 28 }],
  },
  // #11 agent, open.
  {
    repoKey: API,
    number: 11,
    author: 'devin-ai-integration[bot]',
    authorIsBot: true,
    state: 'open',
    created: 3,
    size: 9,
  },
  // #14 agent by its commits: a person's account, but a commit says "Co-authored-by: Claude
  // <noreply@anthropic.com>" (the sync stores the agent it names). Merged unreviewed: ttm 12 h.
  {
    repoKey: API,
    number: 14,
    author: 'fatma',
    agentCoauthors: ['Claude'],
    state: 'merged',
    created: 16,
    merged: 4,
    size: 30,
  },
  // web #12 merged: ttfr 10 h (ayse's pending review is a draft: not counted), review 40 h, ttm 50 h,
  // coding 0 h, cycle 50 h.
  {
    repoKey: WEB,
    number: 12,
    author: 'bora',
    state: 'merged',
    created: 200,
    merged: 150,
    firstCommit: 200,
    size: 45,
    reviews: [
      { author: 'cem', state: 'approved', at: 190 },
      { author: 'ayse', state: 'pending', at: 195 },
    ],
  },
  // web #13 merged 45 days ago: outside the 30-day period (ttm 5 days = 120 h).
  {
    repoKey: WEB,
    number: 13,
    author: 'cem',
    state: 'merged',
    created: 1200,
    merged: 1080,
    size: 500,
  },
];

async function seedProject() {
  const owner = await registerUser(context.app);
  const project = await createProject(context.app, owner.token, { name: 'Platform' });
  const { db } = context.database;
  const api = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'api',
    url: 'https://github.com/acme/api',
    provider: 'github',
    webhook: true,
    position: 0,
  });
  const web = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'web',
    url: 'https://github.com/acme/web',
    provider: 'github',
    position: 1,
  });
  const tools = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'tools',
    url: TOOLS_URL,
    provider: 'git',
    position: 2,
  });
  await insertPulls(db, PULLS);
  // Another user's private copy of a pull request: never read for this owner.
  await insertPulls(db, [
    {
      repoKey: API,
      number: 99,
      author: 'zeki',
      state: 'merged',
      created: 30,
      merged: 20,
      size: 7,
      scope: '00000000-0000-4000-8000-000000000000',
    },
  ]);
  // Rota: #1 changes requested on an old head, then approved on the final one (compliant); #2
  // approved on an old head, changes requested on the final one (not compliant); #3 never
  // reviewed; web #12 approved on its head. A skipped review and one still running.
  await insertRotaReview(db, {
    repoKey: API,
    number: 1,
    headSha: 'old1',
    status: 'changes_requested',
    outcome: 'reviewed',
    finished: 85,
    findings: 2,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 1,
    headSha: 'sha1',
    status: 'approved',
    outcome: 'reviewed',
    finished: 82,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 2,
    headSha: 'old2',
    status: 'approved',
    outcome: 'reviewed',
    finished: 30,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 2,
    headSha: 'sha2',
    status: 'changes_requested',
    outcome: 'reviewed',
    finished: 22,
    findings: 1,
  });
  await insertRotaReview(db, {
    repoKey: WEB,
    number: 12,
    headSha: 'sha12',
    status: 'approved',
    outcome: 'reviewed',
    finished: 160,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 8,
    headSha: 'sha8',
    status: 'pending',
    outcome: 'skipped',
    finished: 69,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 4,
    headSha: 'sha4',
    status: 'pending',
    outcome: null,
  });
  await insertSnapshot(db, API, { stars: 10, forks: 2, size: 300, open_issues: 7 });
  await insertSnapshot(db, WEB, { stars: 5, forks: 1, size: 200 });
  await insertAnalysis(db, api, 'structure', {
    structure: {
      languages: [
        { name: 'TypeScript', code: 1000, counted: true },
        { name: 'JSON', code: 50, counted: false },
      ],
    },
    composition: { tests: { testCodeLines: 200, codeLines: 800 } },
  });
  await insertAnalysis(db, tools, 'structure', {
    structure: {
      languages: [
        { name: 'TypeScript', code: 500, counted: true },
        { name: 'Go', code: 300, counted: true },
      ],
    },
    composition: { tests: { testCodeLines: 100, codeLines: 400 } },
  });
  await insertAnalysis(db, api, 'branches', { summary: { stale: 3 } });
  await insertAnalysis(db, api, 'readme', { readme: { score: 80 } });
  await insertAnalysis(db, web, 'readme', { readme: { score: 40 } });
  await insertAnalysis(db, tools, 'history', TOOLS_HISTORY);
  return { owner, project, api, web, tools };
}

/**
 * The git-only repository's 90-day history: 3 commits (churn 50) on 13 June, 5 (churn 70) on 14
 * June, 2 (churn 10) on 1 May (before the 30-day period). "Bora Kaya" commits from GitHub's
 * no-reply address for the login bora: 5 commits, all in the period (first 20 days ago). Ece's 3
 * commits began 60 days ago, so how many fall in the period is unknown. github-actions[bot]: 2.
 */
const TOOLS_HISTORY = historyResult({
  commits: {
    '2026-06-13': { commits: 3, churn: 50 },
    '2026-06-14': { commits: 5, churn: 70 },
    '2026-05-01': { commits: 2, churn: 10 },
  },
  people: [
    {
      name: 'Bora Kaya',
      email: '1234+bora@users.noreply.github.com',
      bot: false,
      commits: 5,
      first: 480,
      last: 48,
    },
    { name: 'Ece', email: 'ece@example.com', bot: false, commits: 3, first: 1440, last: 24 },
    {
      name: 'github-actions[bot]',
      email: 'github-actions[bot]@users.noreply.github.com',
      bot: true,
      commits: 2,
      first: 240,
      last: 72,
    },
  ],
  firstCommitDaysAgo: 100,
});

async function analytics(token: string, projectId: string, query = '') {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/analytics${query}`,
    headers: bearer(token),
  });
  return response;
}

async function figures(token: string, projectId: string, query = ''): Promise<ProjectAnalytics> {
  const response = await analytics(token, projectId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ProjectAnalytics;
}

beforeEach(() => {
  context.clock.now = NOW;
});

describe('GET /api/projects/{id}/analytics', () => {
  it('computes every figure of the seeded project for humans over 30 days (the default)', async () => {
    const { owner, project, api, web, tools } = await seedProject();
    const data = await figures(owner.token, project.id);
    expect(data.period).toEqual({
      days: 30,
      preset: 30,
      from: '2026-05-17',
      to: '2026-06-15',
      timeZone: 'UTC',
      since: '2026-05-17T00:00:00.000Z',
      until: '2026-06-15T12:00:00.000Z',
    });
    expect(data.authors).toBe('humans');
    expect(data.team).toBeNull();
    expect(data.emptyPeriod).toBeNull();
    // The trend's whole-period figures are the period's own, computed by the trends' statement.
    expect(data.trends.current).toEqual({
      time_to_first_review: data.flow.time_to_first_review.median,
      review_time: data.flow.review_time.median,
      time_to_merge: data.flow.time_to_merge.median,
      cycle_time: data.flow.cycle_time.median,
      throughput: data.rates.throughput,
      merge_rate: data.rates.merge_rate,
      pr_size: data.size.median,
      compliance: data.compliance.overallCompliance.compliance_rate,
    });
    expect(data.trends.current.compliance).toBe(2 / 3);
    // 17 May (a Sunday) … 15 June: the first week is cut to its Sunday, then 4 whole weeks and Monday.
    expect(data.trends.granularity).toBe('week');
    expect(data.trends.buckets.map((bucket) => [bucket.from, bucket.to])).toEqual([
      ['2026-05-17', '2026-05-17'],
      ['2026-05-18', '2026-05-24'],
      ['2026-05-25', '2026-05-31'],
      ['2026-06-01', '2026-06-07'],
      ['2026-06-08', '2026-06-14'],
      ['2026-06-15', '2026-06-15'],
    ]);
    expect(data.trends.buckets.reduce((sum, bucket) => sum + bucket.throughput, 0)).toBe(
      data.rates.throughput,
    );
    // The 30 days before: 17 April … 16 May, when web #13 was merged (NOW − 1080 h: 1 May) in 120 h.
    expect(data.trends.previous).toMatchObject({
      from: '2026-04-17',
      to: '2026-05-16',
      throughput: 1,
      time_to_merge: 120,
    });
    expect(data.sources).toEqual({
      forge_repos: 2,
      git_only_repos: 1,
      history_repos: 1,
      agent_trailers: true,
    });
    // Humans opened in the period: #1 #2 #3 #4 #5 #6 #12 = 7 (#7 and #13 are older; #99 is
    // another user's private row). Now: open #4 #5, closed #6, merged #1 #2 #3 #12.
    expect(data.metrics).toEqual({
      totalPRs: 7,
      openPRs: 2,
      closedPRs: 1,
      mergedPRs: 4,
      // (20 + 30 + 6 + 50) / 4
      avgMergeTime: 26.5,
      // Merged in the period: 40 + 8 + 300 + 45 = 393, plus the git-only repository's history
      // churn in the period: 50 + 70 = 120 (1 May is before it).
      codeChurn: 513,
      testCoverage: null,
      // (200 + 100) / (800 + 400)
      testToCodeRatio: 0.25,
    });
    expect(data.flow).toEqual({
      // Ends in the period: #1 10, #2 5, #4 1 (from ready), #12 10 → sorted 1 5 10 10: median
      // (5+10)/2, p75 at position 2.25 = 10, average 26/4.
      time_to_first_review: { count: 4, median: 7.5, p75: 10, avg: 6.5, not_measurable: 0 },
      // #1 10, #2 25, #12 40: median 25, p75 at 1.5 = 25 + 0.5 × 15, average 75/3.
      review_time: { count: 3, median: 25, p75: 32.5, avg: 25, not_measurable: 0 },
      // 6 20 30 50: median 25, p75 at 2.25 = 30 + 0.25 × 20, average 106/4.
      time_to_merge: { count: 4, median: 25, p75: 35, avg: 26.5, not_measurable: 0 },
      // Opened in the period: #1 10, #2 2, #4 2, #6 1, #12 0; #3 (no first commit) and #5
      // (negative) not measurable. 0 1 2 2 10: median 2, p75 at 3 = 2, average 15/5.
      coding_time: { count: 5, median: 2, p75: 2, avg: 3, not_measurable: 2 },
      // #1 30, #2 32, #12 50; #3 not measurable. Median 32, p75 at 1.5 = 32 + 0.5 × 18, avg 112/3.
      cycle_time: { count: 3, median: 32, p75: 41, avg: 112 / 3, not_measurable: 1 },
    });
    // Sizes of the 7 opened: 0 8 40 45 120 300 2000 → median 45, average 2513/7 = 359.
    expect(data.size).toEqual({
      median: 45,
      avg: 359,
      classes: { XS: 2, S: 2, M: 1, L: 1, XL: 1 },
    });
    expect(data.rates).toEqual({
      merge_rate: 4 / 7,
      // Reviewed before merging: #1 #2 #12 of the 4 merged.
      review_coverage: 0.75,
      reviewed_before_merge: 3,
      throughput: 4,
      // #7: open, not a draft, last updated 20 days ago.
      stale_prs: 1,
    });
    // #1 approved, #12 approved (the pending review does not count), #4 changes requested,
    // #2 commented, #6 commented (by a bot: the review state counts every reviewer, as the pull
    // request list shows it), #5 review required, #3 none.
    expect(data.prReviews.totalPRs).toBe(7);
    expect(data.prReviews.statusBreakdown).toEqual([
      { review_status: 'approved', count: 2 },
      { review_status: 'changes_requested', count: 1 },
      { review_status: 'commented', count: 2 },
      { review_status: 'review_required', count: 1 },
      { review_status: 'none', count: 1 },
    ]);
    expect(data.prReviews.avgReviewTime).toBe(25);
    // Days: opened 7 Jun (#12), 11 Jun (#1), 13 Jun (#2, #6), 14 Jun (#3), 15 Jun (#4, #5);
    // closed 13 Jun (#6); merged 9 Jun (#12), 12 Jun (#1), 14 Jun (#2, #3). Commits from the
    // history: 13 Jun 3, 14 Jun 5, 0 on every other day it covers.
    const activity = data.charts.activity;
    expect(activity).toHaveLength(30);
    expect(activity[0]!.date).toBe('2026-05-17');
    expect(activity[29]!.date).toBe('2026-06-15');
    const day = (date: string) => activity.find((item) => item.date === date);
    expect(day('2026-06-13')).toEqual({
      date: '2026-06-13',
      commits: 3,
      prs_opened: 2,
      prs_closed: 1,
      prs_merged: 0,
    });
    expect(day('2026-06-14')).toEqual({
      date: '2026-06-14',
      commits: 5,
      prs_opened: 1,
      prs_closed: 0,
      prs_merged: 2,
    });
    expect(day('2026-06-15')).toEqual({
      date: '2026-06-15',
      commits: 0,
      prs_opened: 2,
      prs_closed: 0,
      prs_merged: 0,
    });
    const sum = (key: 'prs_opened' | 'prs_closed' | 'prs_merged' | 'commits') =>
      activity.reduce((total, item) => total + (item[key] ?? 0), 0);
    expect([sum('prs_opened'), sum('prs_closed'), sum('prs_merged'), sum('commits')]).toEqual([
      7, 1, 4, 8,
    ]);
    expect(data.prReviews.last30Days).toEqual(activity);
    expect(data.repositories.repos).toEqual([
      // api: opened #1–#6, merged #1–#3; open now #4 #5 #7 (#7 was opened before the period).
      {
        repoId: api.id,
        name: 'api',
        full_name: 'acme/api',
        forge: 'github',
        commits: null,
        prs_opened: 6,
        prs_merged: 3,
        open_prs: 3,
        webhook: 'active',
      },
      {
        repoId: web.id,
        name: 'web',
        full_name: 'acme/web',
        forge: 'github',
        commits: null,
        prs_opened: 1,
        prs_merged: 1,
        open_prs: 0,
        webhook: 'none',
      },
      {
        repoId: tools.id,
        name: 'tools',
        full_name: TOOLS_URL,
        forge: null,
        commits: 8,
        prs_opened: 0,
        prs_merged: 0,
        open_prs: 0,
        webhook: 'none',
      },
    ]);
    expect(data.repositories.totalRepos).toBe(3);
    expect(data.repositories.webhookStatus).toEqual({ total: 2, active: 1, inactive: 1 });
    expect(data.repositories.mostActiveRepos).toEqual([
      { name: 'tools', commits: 8, prs: 0 },
      { name: 'api', commits: 0, prs: 6 },
      { name: 'web', commits: 0, prs: 1 },
    ]);
    // Last updated first: #5 (5 h), #4 (9 h), #2 (20 h), #3 (24 h), #6, #1, #12, #7, #13.
    expect(data.repositories.recentPRs.map((pr) => pr.number)).toEqual([
      5, 4, 2, 3, 6, 1, 12, 7, 13,
    ]);
    expect(data.repositories.recentPRs[0]).toMatchObject({
      repository: API,
      author: 'deniz',
      author_kind: 'human',
      state: 'open',
    });
    // bora: opened #1 #3 #6 #12 (4), merged #1 #3 #12 (3), reviews on #2 #4 #10 (3), 5 commits in
    // the period (git history, no-reply address of bora) = 15. cem: opened #2, merged #2, reviewed
    // #1 #8 #12 = 5. deniz: opened 2. Ece: commits unknown in the period (first was 60 days ago).
    expect(data.contributors.topContributors).toEqual([
      { name: 'bora', kind: 'human', prs_opened: 4, prs_merged: 3, reviews: 3, commits: 5 },
      { name: 'cem', kind: 'human', prs_opened: 1, prs_merged: 1, reviews: 3, commits: null },
      { name: 'deniz', kind: 'human', prs_opened: 2, prs_merged: 0, reviews: 0, commits: null },
      { name: 'Ece', kind: 'human', prs_opened: 0, prs_merged: 0, reviews: 0, commits: null },
    ]);
    expect(data.contributors.totalContributors).toBe(4);
    expect(data.contributors.recentCommitters).toEqual([
      { name: 'Ece', last_activity_at: '2026-06-14T12:00:00.000Z' },
      { name: 'bora', last_activity_at: '2026-06-13T12:00:00.000Z' },
    ]);
    expect(data.compliance).toEqual({
      // Rota reviewed #1 #2 #12 of the 4 merged; the last review of the final head approved #1
      // and #12; #3 never reviewed.
      overallCompliance: { total: 3, compliant: 2, compliance_rate: 2 / 3 },
      // Finished in the period: #1 ×2, #2 ×2, #12; one still running; the skipped one is left out.
      ourReviews: { total: 6, approved: 3, changes_requested: 2, commented: 0, pending: 1 },
      not_reviewed_by_rota: 1,
    });
    // Counted languages only (JSON is not): TypeScript 1000 + 500, Go 300.
    expect(data.languages).toEqual({ TypeScript: 1500, Go: 300 });
    expect(data.additionalMetrics).toEqual({
      totalStars: 15,
      totalForks: 3,
      // acme/api's 7; acme/web's snapshot predates the issue count, so it adds nothing.
      totalIssues: 7,
      totalSize: 500,
      // The history's first commit was 100 days ago.
      avgRepoAge: 100,
    });
    // Every kind over the period, whatever the filter: 7 merged in all (4 + 1 + 2).
    expect(data.byAuthorKind.human).toMatchObject({
      prs_opened: 7,
      prs_merged: 4,
      merged_share: 4 / 7,
    });
    expect(data.byAuthorKind.human.time_to_merge).toEqual(data.flow.time_to_merge);
    expect(data.byAuthorKind.bot).toEqual({
      prs_opened: 2,
      prs_merged: 1,
      merged_share: 1 / 7,
      time_to_first_review: { count: 1, median: 5, p75: 5, avg: 5, not_measurable: 0 },
      time_to_merge: { count: 1, median: 10, p75: 10, avg: 10, not_measurable: 0 },
    });
    // Agents: #10 and #11 by account, #14 by its Claude trailer. ttm #10 20, #14 12: median 16,
    // p75 at 0.75 = 12 + 0.75 × 8, average 16.
    expect(data.byAuthorKind.agent).toEqual({
      prs_opened: 3,
      prs_merged: 2,
      merged_share: 2 / 7,
      time_to_first_review: { count: 1, median: 2, p75: 2, avg: 2, not_measurable: 0 },
      time_to_merge: { count: 2, median: 16, p75: 18, avg: 16, not_measurable: 0 },
    });
  });

  it('counts each flow time in the period of the event that ends it (7 days)', async () => {
    const { owner, project } = await seedProject();
    const data = await figures(owner.token, project.id, '?days=7');
    // The period starts 9 June 00:00 (NOW − 156 h). #12 was opened before it (NOW − 200 h) but
    // merged in it (NOW − 150 h): its merge counts, its opening does not.
    expect(data.period.since).toBe('2026-06-09T00:00:00.000Z');
    expect(data.charts.activity).toHaveLength(7);
    expect(data.prReviews.last30Days).toHaveLength(30);
    expect(data.metrics.totalPRs).toBe(6);
    expect(data.rates.throughput).toBe(4);
    // 6 20 30 50 as in 30 days; ttfr loses #12 (its review was NOW − 190 h): 1 5 10.
    expect(data.flow.time_to_merge.count).toBe(4);
    expect(data.flow.time_to_first_review).toEqual({
      count: 3,
      median: 5,
      p75: 7.5,
      avg: 16 / 3,
      not_measurable: 0,
    });
    // The history's 8 commits (13 and 14 June) are all in the last 7 days.
    expect(data.repositories.repos[2]!.commits).toBe(8);
  });

  it('counts bots, agents or everyone when asked', async () => {
    const { owner, project } = await seedProject();
    const bots = await figures(owner.token, project.id, '?authors=bots');
    // #8 (Bot type) and #9 (known account); merged #8 in 10 h.
    expect(bots.authors).toBe('bots');
    expect(bots.metrics).toMatchObject({ totalPRs: 2, openPRs: 1, mergedPRs: 1, avgMergeTime: 10 });
    // dependabot[bot] 1 + 1, github-actions[bot] 2 commits (first 10 days ago: all in the
    // period), renovate 1. No reviews: only people's reviews count.
    expect(bots.contributors.topContributors).toEqual([
      {
        name: 'dependabot[bot]',
        kind: 'bot',
        prs_opened: 1,
        prs_merged: 1,
        reviews: 0,
        commits: null,
      },
      {
        name: 'github-actions[bot]',
        kind: 'bot',
        prs_opened: 0,
        prs_merged: 0,
        reviews: 0,
        commits: 2,
      },
      { name: 'renovate', kind: 'bot', prs_opened: 1, prs_merged: 0, reviews: 0, commits: null },
    ]);
    const agents = await figures(owner.token, project.id, '?authors=agents');
    // #10 and #11 by account, #14 (fatma's account) by its Claude trailer; ttm (20 + 12) / 2.
    expect(agents.metrics).toMatchObject({
      totalPRs: 3,
      openPRs: 1,
      mergedPRs: 2,
      avgMergeTime: 16,
    });
    expect(agents.flow.time_to_first_review.median).toBe(2);
    // Newest activity first: #11 (NOW − 3 h), #14 (merged NOW − 4 h), #10 (NOW − 10 h).
    expect(agents.repositories.recentPRs.map((pr) => [pr.number, pr.author_kind])).toEqual([
      [11, 'agent'],
      [14, 'agent'],
      [10, 'agent'],
    ]);
    const all = await figures(owner.token, project.id, '?authors=all&days=30');
    // 7 + 2 + 3 opened; 4 + 1 + 2 merged; churn 393 + 4 + 60 + 30 + 120.
    expect(all.metrics).toMatchObject({ totalPRs: 12, mergedPRs: 7, codeChurn: 607 });
    expect(all.rates.throughput).toBe(7);
    expect(all.contributors.totalContributors).toBe(4 + 3 + 3);
  });

  it('answers an empty project with zeros and nulls', async () => {
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token, { name: 'Empty' });
    const data = await figures(owner.token, project.id, '?days=90&authors=all');
    expect(data.sources).toEqual({
      forge_repos: 0,
      git_only_repos: 0,
      history_repos: 0,
      agent_trailers: true,
    });
    expect(data.metrics).toEqual({
      totalPRs: 0,
      openPRs: 0,
      closedPRs: 0,
      mergedPRs: 0,
      avgMergeTime: null,
      codeChurn: null,
      testCoverage: null,
      testToCodeRatio: null,
    });
    expect(data.flow.cycle_time).toEqual({
      count: 0,
      median: null,
      p75: null,
      avg: null,
      not_measurable: 0,
    });
    expect(data.rates).toEqual({
      merge_rate: null,
      review_coverage: null,
      reviewed_before_merge: 0,
      throughput: 0,
      stale_prs: 0,
    });
    expect(data.charts.activity).toHaveLength(90);
    expect(data.charts.activity.every((day) => day.commits === null && day.prs_opened === 0)).toBe(
      true,
    );
    expect(data.compliance.overallCompliance.compliance_rate).toBeNull();
    expect(data.additionalMetrics).toEqual({
      totalStars: null,
      totalForks: null,
      totalIssues: null,
      totalSize: null,
      avgRepoAge: null,
    });
    expect(data.languages).toEqual({});
    expect(data.contributors).toEqual({
      topContributors: [],
      totalContributors: 0,
      recentCommitters: [],
    });
  });

  it('says open issues are not measured when no stored snapshot has the count', async () => {
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token, { name: 'Old snapshots' });
    const { db } = context.database;
    for (const [position, repo] of ['api', 'web'].entries())
      await insertRepo(db, project.id, {
        owner: 'acme',
        repo,
        url: `https://github.com/acme/${repo}`,
        provider: 'github',
        position,
      });
    // Stored before Rota read issues, and read without a token (null): neither is zero issues.
    await insertSnapshot(db, API, { stars: 10, forks: 2, size: 300 });
    await insertSnapshot(db, WEB, { stars: 5, forks: 1, size: 200, open_issues: null });
    const data = await figures(owner.token, project.id);
    expect(data.additionalMetrics).toMatchObject({ totalStars: 15, totalIssues: null });
  });

  it('reads commits and contributors of a git-only repository from its history analysis', async () => {
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token, { name: 'Git only' });
    const tools = await insertRepo(context.database.db, project.id, {
      owner: 'acme',
      repo: 'tools',
      url: TOOLS_URL,
      provider: 'git',
    });
    await insertAnalysis(context.database.db, tools, 'history', TOOLS_HISTORY);
    const data = await figures(owner.token, project.id, '?days=90');
    expect(data.sources).toEqual({
      forge_repos: 0,
      git_only_repos: 1,
      history_repos: 1,
      agent_trailers: true,
    });
    // 90 days: 3 + 5 + 2 commits; churn 50 + 70 + 10.
    expect(data.repositories.repos[0]).toMatchObject({
      forge: null,
      commits: 10,
      prs_opened: 0,
      webhook: 'none',
    });
    expect(data.metrics).toMatchObject({
      totalPRs: 0,
      mergedPRs: 0,
      codeChurn: 130,
      avgMergeTime: null,
    });
    expect(data.charts.activity.find((day) => day.date === '2026-05-01')!.commits).toBe(2);
    // Over 90 days every window commit is in the period: bora 5, Ece 3.
    expect(data.contributors.topContributors).toEqual([
      { name: 'bora', kind: 'human', prs_opened: 0, prs_merged: 0, reviews: 0, commits: 5 },
      { name: 'Ece', kind: 'human', prs_opened: 0, prs_merged: 0, reviews: 0, commits: 3 },
    ]);
    expect(data.flow.time_to_merge.count).toBe(0);
    expect(data.repositories.webhookStatus).toEqual({ total: 0, active: 0, inactive: 0 });
  });

  it('serves the stored answer until a change marks it stale', async () => {
    const { owner, project } = await seedProject();
    const first = await figures(owner.token, project.id);
    expect(first.metrics.totalPRs).toBe(7);
    const newPull: SeedPull = {
      repoKey: API,
      number: 20,
      author: 'deniz',
      state: 'open',
      created: 1,
      size: 5,
    };
    await insertPulls(context.database.db, [newPull]);
    // Not marked stale yet: the stored answer is served as it was.
    const stored = await figures(owner.token, project.id);
    expect(stored.metrics.totalPRs).toBe(7);
    expect(stored.lastUpdated).toBe(first.lastUpdated);
    // What the pull-request sync publishes after storing a page.
    await context.events.emit('pull-requests.stored', { forge: 'github', repoKey: API });
    context.clock.now = NOW + 60_000;
    const fresh = await figures(owner.token, project.id);
    expect(fresh.metrics.totalPRs).toBe(8);
    expect(fresh.lastUpdated).toBe(new Date(NOW + 60_000).toISOString());
    // A GitHub refresh that stores the repository's data (the issue count moved from 7 to 9).
    const repository = {
      ...{ name: 'api', full_name: API, private: false, html_url: `https://github.com/${API}` },
      ...{ stars: 10, forks: 2, language: null, updated_at: '2026-06-01T00:00:00Z', size: 300 },
      open_issues: 9,
    };
    await saveSnapshot(context.database.db, {
      forge: 'github',
      repoKey: API,
      scope: '',
      data: { repository, latest_commits: [], open_pull_requests: [], contributors: [] },
      at: new Date(NOW),
    });
    await context.events.emit('repository-figures.stored', { forge: 'github', repoKey: API });
    context.clock.now = NOW + 120_000;
    expect((await figures(owner.token, project.id)).additionalMetrics.totalIssues).toBe(9);
  });

  it('answers another user exactly as for a project that does not exist', async () => {
    const { project } = await seedProject();
    const stranger = await registerUser(context.app);
    const theirs = await analytics(stranger.token, project.id);
    const missing = await analytics(stranger.token, '5d8a4c3e-8b0f-4a43-9a57-3c8c2b1f0a11');
    expect(theirs.statusCode).toBe(404);
    const body = (response: typeof theirs) => {
      const { requestId: _requestId, ...error } = response.json().error;
      return error;
    };
    expect(body(theirs)).toEqual(body(missing));
    const unauthenticated = await context.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/analytics`,
    });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('refuses a bad period or author filter with the contract message', async () => {
    const { owner, project } = await seedProject();
    for (const [query, message] of [
      ['?days=14', AnalyticsMessages.invalidDays],
      ['?days=abc', AnalyticsMessages.invalidDays],
      ['?authors=robots', AnalyticsMessages.invalidAuthors],
    ] as const) {
      const response = await analytics(owner.token, project.id, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
  });
});

export { DAY };

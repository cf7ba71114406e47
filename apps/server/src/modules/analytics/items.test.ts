import { beforeEach, describe, expect, it } from 'vitest';
import {
  ANALYTICS_ITEM_FIGURES,
  ANALYTICS_ITEM_METRICS,
  ANALYTICS_ITEMS_LIMIT,
  AnalyticsItemsMessages,
  AnalyticsMessages,
  DELIVERY_ITEM_METRICS,
  figureAt,
  isDeliveryItemMetric,
  type AnalyticsItems,
  type Dashboard,
  type DashboardItems,
  type FlowStat,
  type ProjectAnalytics,
} from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  NOW,
  ago,
  insertPulls,
  insertRepo,
  insertRotaReview,
  type SeedPull,
} from '../../testing/analytics-seed.js';
import { projectMembers, projectTeams, pullRequests } from '../../db/schema/index.js';

/**
 * Every figure down to its pull requests: for each pull-request figure of the Analytics tab and
 * of the dashboard, the list behind it holds exactly as many pull requests as the figure counts
 * (docs/metrics.md "Down to the items"). Times are hours before NOW, Monday 15 June 2026 12:00
 * UTC: the 30-day period starts 17 May 00:00 (NOW − 708 h), 9..15 June starts NOW − 156 h.
 */
const context = useTestApp({ startQueue: false });

const API = 'acme/api';
const WEB = 'acme/web';

/**
 * People (bora, cem, deniz, fatma's agent-written change aside), bots and agents; drafts; counted
 * and uncounted reviews; every size class; Rota's reviews compliant, not compliant and missing;
 * pull requests the 9..15 June period cuts out (opened before it, merged in it, or neither).
 */
const PULLS: SeedPull[] = [
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
  { repoKey: API, number: 3, author: 'bora', state: 'merged', created: 30, merged: 24, size: 300 },
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
  // A draft whose first commit came after its opening: coding time not measurable.
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
  // Closed unmerged; its author's own comment and a bot's do not count as reviews.
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
  // Opened 40 days ago, untouched for 20: stale, and waiting for a first review.
  { repoKey: API, number: 7, author: 'cem', state: 'open', created: 960, updated: 480, size: 10 },
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
  { repoKey: API, number: 9, author: 'renovate', state: 'open', created: 20, size: 12 },
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
  {
    repoKey: API,
    number: 11,
    author: 'devin-ai-integration[bot]',
    authorIsBot: true,
    state: 'open',
    created: 3,
    size: 9,
  },
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
  // Opened before 9 June, reviewed before it, merged in it.
  {
    repoKey: API,
    number: 15,
    author: 'deniz',
    state: 'merged',
    created: 400,
    merged: 100,
    firstCommit: 420,
    size: 700,
    reviews: [{ author: 'cem', state: 'approved', at: 390 }],
  },
  // A stale draft: drafts wait on their author, never stale.
  {
    repoKey: API,
    number: 16,
    author: 'cem',
    state: 'open',
    draft: true,
    created: 800,
    updated: 500,
    size: 3,
  },
  // Reviewed only after its merge: review time not measurable, not reviewed before merging.
  {
    repoKey: API,
    number: 17,
    author: 'deniz',
    state: 'merged',
    created: 20,
    merged: 6,
    size: 1500,
    reviews: [{ author: 'cem', state: 'approved', at: 5 }],
  },
  // Opened before the 30 days, closed in them: in no opened figure.
  {
    repoKey: API,
    number: 18,
    author: 'bora',
    state: 'closed',
    created: 900,
    closed: 200,
    size: 20,
  },
  { repoKey: API, number: 20, author: 'cem', state: 'open', created: 300, size: 250 },
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
  // Merged 45 days ago: in the period before the dashboard's 30 days.
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
  for (const [position, repo] of ['api', 'web'].entries())
    await insertRepo(db, project.id, {
      owner: 'acme',
      repo,
      url: `https://github.com/acme/${repo}`,
      provider: 'github',
      position,
    });
  await insertPulls(db, PULLS);
  // Another user's private copy: never read for this owner.
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
  const rota = [
    // #1 approved on its final head: compliant. #2: changes requested on its final head.
    { repoKey: API, number: 1, headSha: 'sha1', status: 'approved', finished: 82 },
    { repoKey: API, number: 2, headSha: 'old2', status: 'approved', finished: 30 },
    { repoKey: API, number: 2, headSha: 'sha2', status: 'changes_requested', finished: 22 },
    { repoKey: API, number: 10, headSha: 'sha10', status: 'approved', finished: 12 },
    // #17 reviewed on an earlier head only: reviewed, without a verdict on what was merged.
    { repoKey: API, number: 17, headSha: 'old17', status: 'approved', finished: 15 },
    { repoKey: WEB, number: 12, headSha: 'sha12', status: 'approved', finished: 160 },
  ] as const;
  for (const review of rota) await insertRotaReview(db, { ...review, outcome: 'reviewed' });
  await insertRotaReview(db, {
    repoKey: API,
    number: 8,
    headSha: 'sha8',
    status: 'pending',
    outcome: 'skipped',
    finished: 69,
  });
  return { owner, project };
}

async function get(token: string, url: string) {
  return context.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function data<T>(token: string, url: string): Promise<T> {
  const response = await get(token, url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data as T;
}

const PR_METRICS = ANALYTICS_ITEM_METRICS.filter((metric) => !isDeliveryItemMetric(metric));
const FLOW_METRICS = [
  'time_to_first_review',
  'review_time',
  'time_to_merge',
  'coding_time',
  'cycle_time',
] as const;

const PERIODS = [
  { name: 'the last 30 days', query: 'days=30' },
  // Days given by date: the same days as the 7-day preset ending today (analytics reads `days`
  // when it does not resolve dates itself, so both name them).
  { name: '9..15 June', query: 'days=7&from=2026-06-09&to=2026-06-15' },
];

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
}

beforeEach(() => {
  context.clock.now = NOW;
});

describe('GET /api/projects/{id}/analytics/items', () => {
  it('lists exactly the pull requests each figure counts, for every period and author filter', async () => {
    const { owner, project } = await seedProject();
    let held = 0;
    for (const period of PERIODS)
      for (const authors of ['humans', 'all'] as const) {
        const base = `/api/projects/${project.id}`;
        const figures = await data<ProjectAnalytics>(
          owner.token,
          `${base}/analytics?${period.query}&authors=${authors}`,
        );
        for (const metric of PR_METRICS) {
          const where = `${metric} over ${period.name} (${authors})`;
          const list = await data<AnalyticsItems>(
            owner.token,
            `${base}/analytics/items?${period.query}&authors=${authors}&metric=${metric}`,
          );
          const figure = figureAt(figures, ANALYTICS_ITEM_FIGURES[metric]);
          expect(typeof figure, where).toBe('number');
          expect(list.total, where).toBe(figure);
          expect(list.items, where).toHaveLength(list.total);
          expect(list.truncated, where).toBe(false);
          expect(list.metric).toBe(metric);
          expect({ since: list.period.since, until: list.period.until }, where).toEqual({
            since: figures.period.since,
            until: figures.period.until,
          });
          held += 1;
          // The whole list is what was asked for: its authors' kinds, unique pull requests.
          if (authors === 'humans')
            expect(
              list.items.every(
                (item) => item.type === 'pull_request' && item.author_kind === 'human',
              ),
              where,
            ).toBe(true);
          const keys = list.items.map((item) =>
            item.type === 'pull_request' ? `${item.repository}#${item.number}` : '',
          );
          expect(new Set(keys).size, where).toBe(keys.length);
          // Everyone over 30 days: no list is empty, so none of the equalities above is 0 = 0.
          if (authors === 'all' && period.query === 'days=30')
            expect(list.total, where).toBeGreaterThan(0);
        }
        // A flow time's median is the median of its list's values.
        for (const metric of FLOW_METRICS) {
          const list = await data<AnalyticsItems>(
            owner.token,
            `${base}/analytics/items?${period.query}&authors=${authors}&metric=${metric}`,
          );
          const values = list.items.map((item) => item.value!);
          const stat = figures.flow[metric] as FlowStat;
          if (stat.median === null) expect(values).toEqual([]);
          else expect(median(values)).toBeCloseTo(stat.median, 6);
        }
      }
    // 20 pull-request figures × 2 periods × 2 author filters.
    expect(held).toBe(80);
  });

  it('sorts by the value, highest first, with the hours of each', async () => {
    const { owner, project } = await seedProject();
    const list = await data<AnalyticsItems>(
      owner.token,
      `/api/projects/${project.id}/analytics/items?from=2026-06-09&to=2026-06-15&metric=time_to_merge`,
    );
    // Humans' merges from 9 June 00:00 (NOW − 156 h): #15 300 h, web #12 50 h, #2 30 h, #1 20 h,
    // #17 14 h, #3 6 h. Web #13 merged before; #10 is an agent's, #8 a bot's.
    expect(
      list.items.map((item) =>
        item.type === 'pull_request' ? [item.repository, item.number, item.value] : [],
      ),
    ).toEqual([
      [API, 15, 300],
      [WEB, 12, 50],
      [API, 2, 30],
      [API, 1, 20],
      [API, 17, 14],
      [API, 3, 6],
    ]);
    expect(list.items[0]).toMatchObject({
      type: 'pull_request',
      title: 'Change 15',
      url: 'https://github.com/acme/api/pull/15',
      author: 'deniz',
      author_kind: 'human',
      state: 'merged',
      created_at: ago(400).toISOString(),
      merged_at: ago(100).toISOString(),
    });
    expect(list.period).toMatchObject({
      from: '2026-06-09',
      to: '2026-06-15',
      days: 7,
      preset: null,
      timeZone: 'UTC',
    });
  });

  it('cuts the days in the user’s time zone', async () => {
    const { owner, project } = await seedProject();
    const settings = await context.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: bearer(owner.token),
      payload: { preferences: { timezone: 'Europe/Istanbul' } },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const list = await data<AnalyticsItems>(
      owner.token,
      `/api/projects/${project.id}/analytics/items?from=2026-06-09&to=2026-06-14&metric=merged`,
    );
    // 9 June 00:00 in Istanbul is 8 June 21:00 UTC (NOW − 159 h); 14 June ends at 14 June 21:00
    // UTC (NOW − 15 h): #15 (NOW − 100 h), web #12 (− 150 h), #1 (− 80 h), #2 (− 20 h), #3 (− 24 h).
    expect(list.period).toMatchObject({
      timeZone: 'Europe/Istanbul',
      since: '2026-06-08T21:00:00.000Z',
      until: '2026-06-14T20:59:59.999Z',
    });
    expect(
      list.items
        .map((item) => (item.type === 'pull_request' ? item.number : 0))
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 12, 15]);
  });

  it('keeps a team’s members’ pull requests only, and refuses a team of another project', async () => {
    const { owner, project } = await seedProject();
    const { db } = context.database;
    const [team] = await db
      .insert(projectTeams)
      .values({ projectId: project.id, name: 'Core' })
      .returning();
    await db.insert(projectMembers).values([
      // The login as people write it: matched without case.
      { projectId: project.id, name: 'Bora', githubLogin: 'Bora', teamId: team!.id },
      { projectId: project.id, name: 'Cem', githubLogin: 'cem', teamId: null },
    ]);
    const base = `/api/projects/${project.id}/analytics/items?days=30&metric=opened`;
    const everyone = await data<AnalyticsItems>(owner.token, base);
    const core = await data<AnalyticsItems>(owner.token, `${base}&team=${team!.id}`);
    const numbersOf = (list: AnalyticsItems) =>
      list.items.map((item) => (item.type === 'pull_request' ? item.number : 0));
    // Bora opened #1, #3, #6 and web #12 in the 30 days.
    expect(numbersOf(core).sort((a, b) => a - b)).toEqual([1, 3, 6, 12]);
    expect(core.total).toBe(4);
    expect(numbersOf(core)).toEqual(
      numbersOf(everyone).filter((number) => [1, 3, 6, 12].includes(number)),
    );

    const other = await createProject(context.app, owner.token, { name: 'Other' });
    const [foreign] = await db
      .insert(projectTeams)
      .values({ projectId: other.id, name: 'Core' })
      .returning();
    for (const id of [foreign!.id, '5d8a4c3e-8b0f-4a43-9a57-3c8c2b1f0a11']) {
      const response = await get(owner.token, `${base}&team=${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(AnalyticsMessages.invalidTeam);
    }
  });

  it('says when a list holds only the first of more pull requests than it lists', async () => {
    const { owner, project } = await seedProject();
    const many = ANALYTICS_ITEMS_LIMIT + 5;
    await context.database.db.insert(pullRequests).values(
      Array.from({ length: many }, (_, index) => ({
        repoKey: WEB,
        scope: '',
        number: 1000 + index,
        nodeId: `PR_bulk_${index}`,
        title: `Bulk ${index}`,
        state: 'open' as const,
        authorLogin: 'deniz',
        createdAt: ago(1 + (index % 48)),
        updatedAt: ago(1),
        additions: index,
        deletions: 0,
        headRef: `bulk-${index}`,
        headSha: `bulk${index}`,
        baseRef: 'main',
        url: `https://github.com/acme/web/pull/${1000 + index}`,
      })),
    );
    const base = `/api/projects/${project.id}`;
    const figures = await data<ProjectAnalytics>(owner.token, `${base}/analytics?days=7`);
    const list = await data<AnalyticsItems>(
      owner.token,
      `${base}/analytics/items?days=7&metric=opened`,
    );
    expect(list.total).toBe(figures.metrics.totalPRs);
    expect(list.total).toBeGreaterThan(ANALYTICS_ITEMS_LIMIT);
    expect(list.items).toHaveLength(ANALYTICS_ITEMS_LIMIT);
    expect(list.truncated).toBe(true);
    // Without a value, the newest first.
    const created = list.items.map((item) => (item.type === 'pull_request' ? item.created_at : ''));
    expect(created).toEqual([...created].sort().reverse());
  });

  it('refuses an unknown metric, and hands delivery figures to the delivery lists', async () => {
    const { owner, project } = await seedProject();
    const base = `/api/projects/${project.id}/analytics/items`;
    const unknown = await get(owner.token, `${base}?metric=stars`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(AnalyticsItemsMessages.invalidMetric);
    const missing = await get(owner.token, base);
    expect(missing.statusCode).toBe(400);
    for (const metric of DELIVERY_ITEM_METRICS) {
      const response = await get(owner.token, `${base}?metric=${metric}`);
      expect(response.statusCode, metric).toBe(200);
      const data = response.json().data;
      expect(data.metric).toBe(metric);
      expect(data.items).toHaveLength(data.total);
    }
    const reversed = await get(owner.token, `${base}?metric=opened&from=2026-06-10&to=2026-06-09`);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain(AnalyticsMessages.rangeReversed);
  });

  it('answers another user exactly as for a project that does not exist', async () => {
    const { project } = await seedProject();
    const stranger = await registerUser(context.app);
    const theirs = await get(
      stranger.token,
      `/api/projects/${project.id}/analytics/items?metric=opened`,
    );
    const missing = await get(
      stranger.token,
      '/api/projects/5d8a4c3e-8b0f-4a43-9a57-3c8c2b1f0a11/analytics/items?metric=opened',
    );
    expect(theirs.statusCode).toBe(404);
    const body = (response: typeof theirs) => {
      const { requestId: _requestId, ...error } = response.json().error;
      return error;
    };
    expect(body(theirs)).toEqual(body(missing));
    // A delivery figure of someone else's project is not theirs to ask about either.
    const delivery = await get(
      stranger.token,
      `/api/projects/${project.id}/analytics/items?metric=deployments`,
    );
    expect(delivery.statusCode).toBe(404);
    const anonymous = await context.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/analytics/items?metric=opened`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/dashboard/items', () => {
  it('lists the pull requests behind the dashboard’s figures', async () => {
    const { owner } = await seedProject();
    const dashboard = await data<Dashboard>(owner.token, '/api/dashboard');
    const list = (metric: string) =>
      data<DashboardItems>(owner.token, `/api/dashboard/items?metric=${metric}`);

    const open = await list('open_prs');
    expect(open.total).toBe(dashboard.totals.open_prs);
    expect(open.items).toHaveLength(open.total);
    // Every kind, drafts included: #4 #5 #7 #9 #11 #16 #20.
    expect(open.total).toBe(7);

    const current = await list('time_to_merge');
    const previous = await list('time_to_merge_previous');
    expect(median(current.items.map((item) => item.value!))).toBe(dashboard.timeToMerge.current);
    expect(median(previous.items.map((item) => item.value!))).toBe(dashboard.timeToMerge.previous);
    // Humans' merges of the 30 days (#1 #2 #3 #15 #17, web #12) and the 30 before (web #13).
    expect(current.total).toBe(6);
    expect(previous.items.map((item) => [item.repository, item.number, item.value])).toEqual([
      [WEB, 13, 120],
    ]);
    expect(current.period).toEqual(dashboard.period);

    const waiting = await list('waiting');
    expect(waiting.items.slice(0, 10).map((item) => [item.repository, item.number])).toEqual(
      dashboard.waitingForFirstReview.map((pr) => [pr.repository.toLowerCase(), pr.number]),
    );
    expect(waiting.items.map((item) => item.value)).toEqual(
      dashboard.waitingForFirstReview.map((pr) => pr.waiting_hours),
    );
    // #7 since NOW − 960 h, #20 since NOW − 300 h; #4 has a review, #5 and #16 are drafts.
    expect(waiting.items.map((item) => item.number)).toEqual([7, 20]);
  });

  it('refuses an unknown metric', async () => {
    const { owner } = await seedProject();
    const response = await get(owner.token, '/api/dashboard/items?metric=stars');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(AnalyticsItemsMessages.invalidDashboardMetric);
  });
});

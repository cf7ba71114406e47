import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AnalyticsMessages, type Dashboard, type ProjectAnalytics } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  DAY,
  HOUR,
  NOW,
  historyResult,
  insertAnalysis,
  insertPulls,
  insertRepo,
} from '../../testing/analytics-seed.js';
import {
  memberIdentities,
  projectAnalytics,
  projectMembers,
  projectTeams,
} from '../../db/schema/index.js';

/**
 * Periods of any days in the user's time zone, trends, empty periods and the team filter, over a
 * small hand-made dataset around the turn of 2025/2026 (times written as UTC instants; Istanbul
 * is UTC+3 all year).
 */
const context = useTestApp({ startQueue: false });

const API = 'acme/api';
const TOOLS_URL = 'https://git.example.org/acme/tools.git';
const before = (iso: string) => (NOW - Date.parse(iso)) / HOUR;

async function seedProject() {
  const owner = await registerUser(context.app);
  const project = await createProject(context.app, owner.token, { name: 'Periods' });
  const { db } = context.database;
  await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'api',
    url: 'https://github.com/acme/api',
    provider: 'github',
    position: 0,
  });
  const tools = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'tools',
    url: TOOLS_URL,
    provider: 'git',
    position: 1,
  });
  await insertPulls(db, [
    // #1 opened 31 Dec 22:30 UTC = 1 Jan 01:30 in Istanbul; reviewed 13.5 h later by cem; merged
    // 2 Jan 10:00 UTC: review time 22 h, time to merge 35.5 h.
    {
      repoKey: API,
      number: 1,
      author: 'bora',
      state: 'merged',
      created: before('2025-12-31T22:30:00Z'),
      merged: before('2026-01-02T10:00:00Z'),
      size: 10,
      reviews: [{ author: 'cem', state: 'approved', at: before('2026-01-01T12:00:00Z') }],
    },
    // #2 opened and merged on 31 Dec in both zones (23:00 and 23:30 in Istanbul): first review
    // 0.25 h, review time 0.25 h, time to merge 0.5 h.
    {
      repoKey: API,
      number: 2,
      author: 'cem',
      state: 'merged',
      created: before('2025-12-31T20:00:00Z'),
      merged: before('2025-12-31T20:30:00Z'),
      size: 30,
      reviews: [{ author: 'bora', state: 'commented', at: before('2025-12-31T20:15:00Z') }],
    },
    // #3 opened and merged on 20 Dec: time to merge 4 h.
    {
      repoKey: API,
      number: 3,
      author: 'dana',
      state: 'merged',
      created: before('2025-12-20T10:00:00Z'),
      merged: before('2025-12-20T14:00:00Z'),
      size: 20,
    },
  ]);
  // The history: 2 commits on 1 May 2026. dana (her claimed address) and bora (GitHub's no-reply
  // address) committed only on 5–6 January; Ece from 5 January to 1 May 09:00.
  const jan = (day: number) => before(`2026-01-0${day}T10:00:00Z`);
  await insertAnalysis(
    db,
    tools,
    'history',
    historyResult({
      commits: { '2026-05-01': { commits: 2, churn: 10 } },
      people: [
        {
          name: 'dana',
          email: 'dana@example.com',
          bot: false,
          commits: 4,
          first: jan(5),
          last: jan(6),
        },
        {
          name: 'Bora K',
          email: '1234+bora@users.noreply.github.com',
          bot: false,
          commits: 2,
          first: jan(5),
          last: jan(6),
        },
        {
          name: 'Ece',
          email: 'ece@example.com',
          bot: false,
          commits: 5,
          first: jan(5),
          last: before('2026-05-01T09:00:00Z'),
        },
      ],
      firstCommitDaysAgo: 400,
    }),
  );
  return { owner, project };
}

async function useIstanbul(token: string) {
  const response = await context.app.inject({
    method: 'PUT',
    url: '/api/user/settings',
    headers: bearer(token),
    payload: { preferences: { timezone: 'Europe/Istanbul' } },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A team "Core" of bora (login written in capitals) and dana (login and a claimed address). */
async function seedTeam(projectId: string) {
  const { db } = context.database;
  const [team] = await db.insert(projectTeams).values({ projectId, name: 'Core' }).returning();
  const [, dana] = await db
    .insert(projectMembers)
    .values([
      { projectId, name: 'Bora', githubLogin: 'Bora', teamId: team!.id },
      { projectId, name: 'Dana', githubLogin: 'dana', teamId: team!.id },
      { projectId, name: 'Cem', githubLogin: 'cem' },
    ])
    .returning();
  await db.insert(memberIdentities).values({
    projectId,
    memberId: dana!.id,
    kind: 'email',
    value: 'Dana@Example.com',
    key: 'dana@example.com',
  });
  return team!;
}

function analytics(token: string, projectId: string, query: string) {
  return context.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/analytics${query}`,
    headers: bearer(token),
  });
}

async function figures(token: string, projectId: string, query: string) {
  const response = await analytics(token, projectId, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as ProjectAnalytics;
}

const day = (data: ProjectAnalytics, date: string) =>
  data.charts.activity.find((entry) => entry.date === date);

/** A fresh token for the owner at the clock's time (a token lives less than a day). */
async function signIn(owner: { user: { email: string }; password: string }) {
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: owner.user.email, password: owner.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.token as string;
}

beforeEach(() => {
  context.clock.now = NOW;
});

describe('analytics over any period', () => {
  it("cuts a custom period across the year's end in the user's time zone", async () => {
    const { owner, project } = await seedProject();
    const january = '?from=2026-01-01&to=2026-01-31';
    // In UTC, #1 and #2 were both opened on 31 December: January only holds #1's merge.
    const utc = await figures(owner.token, project.id, january);
    expect(utc.period).toMatchObject({ timeZone: 'UTC', since: '2026-01-01T00:00:00.000Z' });
    expect(utc.metrics.totalPRs).toBe(0);
    expect(utc.rates.throughput).toBe(1);
    await useIstanbul(owner.token);
    const data = await figures(owner.token, project.id, january);
    expect(data.period).toEqual({
      days: 31,
      preset: null,
      from: '2026-01-01',
      to: '2026-01-31',
      timeZone: 'Europe/Istanbul',
      since: '2025-12-31T21:00:00.000Z',
      until: '2026-01-31T20:59:59.999Z',
    });
    // #1, opened at 22:30 UTC on 31 December, counts on 1 January in Istanbul.
    expect(data.metrics.totalPRs).toBe(1);
    expect(data.charts.activity).toHaveLength(31);
    expect(day(data, '2026-01-01')).toMatchObject({ prs_opened: 1, prs_merged: 0 });
    expect(day(data, '2026-01-02')).toMatchObject({ prs_opened: 0, prs_merged: 1 });
    // The last 30 days end at the period's end.
    expect(data.prReviews.last30Days[0]!.date).toBe('2026-01-02');
    expect(data.prReviews.last30Days.at(-1)!.date).toBe('2026-01-31');
    // Across the turn of the year the days fall on both sides of it, in the user's zone.
    const turn = await figures(owner.token, project.id, '?from=2025-12-25&to=2026-01-07');
    expect(turn.charts.activity.map((entry) => entry.date).slice(5, 9)).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(day(turn, '2025-12-31')).toMatchObject({ prs_opened: 1, prs_merged: 1 });
    expect(day(turn, '2026-01-01')).toMatchObject({ prs_opened: 1, prs_merged: 0 });
  });

  it('follows a trend per week against the period before', async () => {
    const { owner, project } = await seedProject();
    await useIstanbul(owner.token);
    const data = await figures(owner.token, project.id, '?from=2025-12-25&to=2026-01-07');
    const { trends } = data;
    // Thursday 25 December … Wednesday 7 January: weeks from Monday, cut to the period.
    expect(trends.granularity).toBe('week');
    expect(trends.buckets.map((bucket) => [bucket.from, bucket.to])).toEqual([
      ['2025-12-25', '2025-12-28'],
      ['2025-12-29', '2026-01-04'],
      ['2026-01-05', '2026-01-07'],
    ]);
    const busy = {
      // First reviews 13.5 h and 0.25 h; reviews 22 h and 0.25 h; merges 35.5 h and 0.5 h.
      time_to_first_review: 6.875,
      review_time: 11.125,
      time_to_merge: 18,
      cycle_time: null,
      throughput: 2,
      merge_rate: 1,
      pr_size: 20,
      compliance: null,
    };
    const quiet = {
      time_to_first_review: null,
      review_time: null,
      time_to_merge: null,
      cycle_time: null,
      throughput: 0,
      merge_rate: null,
      pr_size: null,
      compliance: null,
    };
    expect(trends.buckets).toEqual([
      { from: '2025-12-25', to: '2025-12-28', ...quiet },
      { from: '2025-12-29', to: '2026-01-04', ...busy },
      { from: '2026-01-05', to: '2026-01-07', ...quiet },
    ]);
    expect(trends.current).toEqual(busy);
    expect(data.flow.time_to_merge.median).toBe(18);
    // The 14 days before held #3 only: the deltas are 18 h against 4 h, 2 merges against 1.
    expect(trends.previous).toEqual({
      from: '2025-12-11',
      to: '2025-12-24',
      ...quiet,
      time_to_merge: 4,
      throughput: 1,
      merge_rate: 1,
      pr_size: 20,
    });
  });

  it('follows a trend per month beyond 26 weeks', async () => {
    const { owner, project } = await seedProject();
    await useIstanbul(owner.token);
    const data = await figures(owner.token, project.id, '?from=2025-06-15&to=2026-01-10');
    expect(data.period.days).toBe(210);
    expect(data.charts.activity).toHaveLength(210);
    expect(data.trends.granularity).toBe('month');
    const buckets = data.trends.buckets;
    expect(buckets).toHaveLength(8);
    expect([buckets[0]!.from, buckets[0]!.to]).toEqual(['2025-06-15', '2025-06-30']);
    expect([buckets[7]!.from, buckets[7]!.to]).toEqual(['2026-01-01', '2026-01-10']);
    // December: #3 and #2 (31 December 23:30 in Istanbul); January: #1.
    expect(buckets[6]).toMatchObject({ from: '2025-12-01', throughput: 2, time_to_merge: 2.25 });
    expect(buckets[7]).toMatchObject({ throughput: 1, time_to_merge: 35.5 });
    expect(data.trends.current.throughput).toBe(3);
  });

  it('offers the last active period when the period is empty', async () => {
    const { owner, project } = await seedProject();
    await useIstanbul(owner.token);
    // February holds nothing: the last activity before its end is dana's and bora's last commit
    // (6 January, after #1's merge on 2 January); the suggestion is the 28 days ending then.
    const february = await figures(owner.token, project.id, '?from=2026-02-01&to=2026-02-28');
    expect(february.emptyPeriod).toEqual({
      last_activity_at: '2026-01-06T10:00:00.000Z',
      suggestion: { from: '2025-12-10', to: '2026-01-06' },
    });
    // Before those commits, the merge of #1 was the last.
    const mid = await figures(owner.token, project.id, '?from=2026-01-03&to=2026-01-04');
    expect(mid.emptyPeriod).toEqual({
      last_activity_at: '2026-01-02T10:00:00.000Z',
      suggestion: { from: '2026-01-01', to: '2026-01-02' },
    });
    // A commit day of the history is activity.
    const may = await figures(owner.token, project.id, '?from=2026-05-01&to=2026-05-07');
    expect(may.emptyPeriod).toBeNull();
    // After it: Ece's last commit (1 May 09:00 UTC, 12:00 in Istanbul) is the last activity.
    const later = await figures(owner.token, project.id, '?from=2026-05-02&to=2026-05-08');
    expect(later.emptyPeriod).toEqual({
      last_activity_at: '2026-05-01T09:00:00.000Z',
      suggestion: { from: '2026-04-25', to: '2026-05-01' },
    });
    // A project without any activity has nothing to offer.
    const empty = await createProject(context.app, owner.token, { name: 'Nothing yet' });
    expect((await figures(owner.token, empty.id, '?days=7')).emptyPeriod).toEqual({
      last_activity_at: null,
      suggestion: null,
    });
  });

  it("counts only a team's pull requests, reviews and commits", async () => {
    const { owner, project } = await seedProject();
    await useIstanbul(owner.token);
    const team = await seedTeam(project.id);
    const period = '?from=2025-12-01&to=2026-01-31';
    const everyone = await figures(owner.token, project.id, period);
    expect(everyone.metrics.totalPRs).toBe(3);
    expect(everyone.contributors.topContributors.map((person) => person.name).sort()).toEqual([
      'Ece',
      'bora',
      'cem',
      'dana',
    ]);
    const data = await figures(owner.token, project.id, `${period}&team=${team.id}`);
    expect(data.team).toEqual({ id: team.id, name: 'Core' });
    // bora's #1 and dana's #3; cem is not in the team.
    expect(data.metrics).toMatchObject({ totalPRs: 2, mergedPRs: 2 });
    expect(data.trends.current.throughput).toBe(2);
    // bora's review of #2 counts, cem's of #1 does not. dana's commits by her claimed address,
    // bora's by his no-reply address; Ece is no member.
    expect(data.contributors.topContributors).toEqual([
      { name: 'dana', kind: 'human', prs_opened: 1, prs_merged: 1, reviews: 0, commits: 4 },
      { name: 'bora', kind: 'human', prs_opened: 1, prs_merged: 1, reviews: 1, commits: 2 },
    ]);
    // The history counts a day's commits for everyone together: not known for a team.
    expect(data.charts.activity.every((entry) => entry.commits === null)).toBe(true);
    // Another stored answer than everyone's.
    expect((await figures(owner.token, project.id, period)).team).toBeNull();
  });

  it('refuses a bad range or a team of another project', async () => {
    const { owner, project } = await seedProject();
    const other = await createProject(context.app, owner.token, { name: 'Other' });
    const theirs = await seedTeam(other.id);
    for (const [query, message] of [
      ['?from=2026-02-01&to=2026-01-01', AnalyticsMessages.rangeReversed],
      ['?from=2023-01-01&to=2026-01-31', AnalyticsMessages.rangeTooLong],
      ['?from=2026-01-01', AnalyticsMessages.rangeIncomplete],
      ['?to=2026-01-01', AnalyticsMessages.rangeIncomplete],
      ['?from=2026-02-30&to=2026-03-01', AnalyticsMessages.invalidDate],
      [`?team=${theirs.id}`, AnalyticsMessages.invalidTeam],
      ['?team=5d8a4c3e-8b0f-4a43-9a57-3c8c2b1f0a11', AnalyticsMessages.invalidTeam],
      ['?team=core', AnalyticsMessages.invalidTeam],
    ] as const) {
      const response = await analytics(owner.token, project.id, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
    // Exactly three years (a leap day included) is allowed.
    expect(
      (await analytics(owner.token, project.id, '?from=2023-02-01&to=2026-01-31')).statusCode,
    ).toBe(200);
  });

  it('keeps one stored answer per preset and forgets custom ones after a day', async () => {
    const { owner, project } = await seedProject();
    const rows = () =>
      context.database.db
        .select({ days: projectAnalytics.days, periodKey: projectAnalytics.periodKey })
        .from(projectAnalytics)
        .where(eq(projectAnalytics.projectId, project.id));
    await figures(owner.token, project.id, '?days=7');
    await figures(owner.token, project.id, '?from=2026-01-01&to=2026-01-31');
    expect(await rows()).toHaveLength(2);
    // The next day the preset covers other days: its row of yesterday goes.
    context.clock.now = NOW + DAY - HOUR;
    await figures(await signIn(owner), project.id, '?days=7');
    expect((await rows()).sort((a, b) => a.days - b.days)).toEqual([
      { days: 0, periodKey: '2026-01-01..2026-01-31@UTC' },
      { days: 7, periodKey: '2026-06-10..2026-06-16@UTC' },
    ]);
    // Another custom period more than a day later: the custom answer of yesterday goes.
    context.clock.now = NOW + DAY + HOUR;
    await figures(await signIn(owner), project.id, '?from=2026-02-01&to=2026-02-28');
    expect((await rows()).map((row) => row.periodKey).sort()).toEqual([
      '2026-02-01..2026-02-28@UTC',
      '2026-06-10..2026-06-16@UTC',
    ]);
    // A team's membership changing forgets the stored answers.
    await context.events.emit('teams.changed', { projectId: project.id });
    const stale = await context.database.db
      .select({ stale: projectAnalytics.stale })
      .from(projectAnalytics)
      .where(and(eq(projectAnalytics.projectId, project.id), eq(projectAnalytics.days, 7)));
    expect(stale).toEqual([{ stale: true }]);
  });
});

describe('the dashboard over any period', () => {
  it('compares the time to merge with the period before and shows every day', async () => {
    const { owner } = await seedProject();
    await useIstanbul(owner.token);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/dashboard?from=2025-12-25&to=2026-01-07',
      headers: bearer(owner.token),
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as Dashboard;
    expect(data.period).toMatchObject({ from: '2025-12-25', to: '2026-01-07', preset: null });
    expect(data.timeToMerge).toEqual({ current: 18, previous: 4 });
    expect(data.activity).toHaveLength(14);
    expect(data.activity.find((entry) => entry.date === '2026-01-01')).toMatchObject({
      prs_opened: 1,
    });
    const bad = await context.app.inject({
      method: 'GET',
      url: '/api/dashboard?from=2026-01-07',
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(400);
  });
});

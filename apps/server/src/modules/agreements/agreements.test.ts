import { beforeEach, describe, expect, it } from 'vitest';
import type {
  AgreementBreachItem,
  AgreementPreview,
  AgreementSet,
  ProjectAgreementCompliance,
  ProjectAgreements,
} from '@rota/contracts';
import type { AgreementBreach } from '../events/index.js';
import { enqueueScheduledRun } from '../../jobs/schedules.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { jobsSettled } from '../../testing/review-fixtures.js';
import { useTestApp } from '../../testing/test-app.js';
import { HOUR, NOW, insertPulls, insertRepo, type SeedPull } from '../../testing/analytics-seed.js';
import { AGREEMENT_CHECK_JOB } from './detection.js';
import { breachesOfProject } from './queries.js';

/**
 * The agreements routes, compliance, the preview and breach detection over stored pull requests.
 * NOW is Monday 15 June 2026 12:00 UTC; times below are hours before it. Working time in these
 * tests: UTC, Monday–Friday 09:00–18:00.
 */
const context = useTestApp();
const API = 'acme/api';
const DAY_HOURS = 24;

const PULLS: SeedPull[] = [
  // #1 reviewed and approved by cem 4 h after opening (Thursday 08:00 → 12:00), merged: kept.
  {
    repoKey: API,
    number: 1,
    author: 'bora',
    state: 'merged',
    created: 100,
    merged: 90,
    size: 40,
    reviews: [{ author: 'cem', state: 'approved', at: 96 }],
  },
  // #2 opened Saturday, merged Sunday without any review; 500 lines.
  { repoKey: API, number: 2, author: 'cem', state: 'merged', created: 50, merged: 26, size: 500 },
  // #3 opened Friday 17:00, still open, no review: 1 working hour on Friday, so 8 working hours
  // end Monday 16:00 — pending at NOW (Monday 12:00), not late over the weekend.
  { repoKey: API, number: 3, author: 'deniz', state: 'open', created: 67, size: 10 },
  // #4 a bot's, merged without review.
  {
    repoKey: API,
    number: 4,
    author: 'dependabot[bot]',
    authorIsBot: true,
    state: 'merged',
    created: 30,
    merged: 29,
    size: 5,
  },
  // #5 an AI agent's (its commits name Claude as co-author), merged without review.
  {
    repoKey: API,
    number: 5,
    author: 'deniz',
    agentCoauthors: ['Claude'],
    state: 'merged',
    created: 20,
    merged: 19,
    size: 5,
  },
  // #6 merged 40 days ago without review: only the 90-day period sees it.
  {
    repoKey: API,
    number: 6,
    author: 'bora',
    state: 'merged',
    created: 41 * DAY_HOURS,
    merged: 40 * DAY_HOURS,
    size: 5,
  },
];

const WORKING_TIME = { timeZone: 'UTC', weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' };
const off = { includeBots: false, includeAgents: false };
const SET: AgreementSet = {
  agreements: [
    { kind: 'approvalBeforeMerge', enabled: true, threshold: null, ...off },
    { kind: 'maxChangedLines', enabled: true, threshold: 100, ...off },
    { kind: 'firstReviewWithin', enabled: true, threshold: 8, ...off },
  ],
  workingTime: WORKING_TIME,
};

let owner: Awaited<ReturnType<typeof registerUser>>;
let projectId: string;
const breached: AgreementBreach[] = [];

beforeEach(async () => {
  context.clock.now = NOW;
  owner = await registerUser(context.app);
  projectId = (await createProject(context.app, owner.token, { name: 'Platform' })).id;
  await insertRepo(context.database.db, projectId, {
    owner: 'acme',
    repo: 'api',
    url: 'https://github.com/acme/api',
    provider: 'github',
  });
  await insertPulls(context.database.db, PULLS);
  breached.length = 0;
});

function call<T>(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: unknown,
  token = owner.token,
) {
  return context.app
    .inject({
      method,
      url: `/api/projects/${projectId}/agreements${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
    .then((response) => ({
      status: response.statusCode,
      data: (response.json() as { data: T }).data,
      body: response.json() as { error?: { errors?: Array<{ path: string; message: string }> } },
    }));
}

const key = (item: AgreementBreachItem) => `${item.number}@${item.breachedAt}`;

describe('working agreements: settings', () => {
  it('lists every agreement switched off, with its default threshold, and the default working time', async () => {
    const { status, data } = await call<ProjectAgreements>('GET', '');
    expect(status).toBe(200);
    expect(data.agreements.map((a) => [a.kind, a.enabled, a.threshold])).toEqual([
      ['firstReviewWithin', false, 8],
      ['maxChangedLines', false, 400],
      ['approvalBeforeMerge', false, null],
      ['rotaReviewBeforeMerge', false, null],
      ['maxOpenDays', false, 7],
      ['minReviewers', false, 1],
    ]);
    expect(data.workingTime).toEqual({
      timeZone: 'Europe/Istanbul',
      weekdays: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '18:00',
    });
  });

  it('saves a set; switching on stamps enabledAt, staying on keeps it', async () => {
    const saved = await call<ProjectAgreements>('PUT', '', SET);
    expect(saved.status).toBe(200);
    const approval = saved.data.agreements.find((a) => a.kind === 'approvalBeforeMerge')!;
    expect(approval.enabled).toBe(true);
    expect(approval.enabledAt).toBe(new Date(NOW).toISOString());
    expect(saved.data.workingTime).toEqual(WORKING_TIME);
    context.clock.now = NOW + 60_000;
    const again = await call<ProjectAgreements>('PUT', '', SET);
    expect(again.data.agreements.find((a) => a.kind === 'approvalBeforeMerge')!.enabledAt).toBe(
      new Date(NOW).toISOString(),
    );
    const read = await call<ProjectAgreements>('GET', '');
    expect(read.data).toEqual(again.data);
  });

  it('refuses a bad set with every broken rule listed, and changes nothing', async () => {
    await call('PUT', '', SET);
    const before = await call<ProjectAgreements>('GET', '');
    const bad = {
      agreements: [
        { kind: 'maxChangedLines', enabled: true, threshold: null, ...off },
        { kind: 'approvalBeforeMerge', enabled: true, threshold: 3, ...off },
        { kind: 'maxOpenDays', enabled: true, threshold: 999, ...off },
        { kind: 'maxOpenDays', enabled: false, threshold: 5, ...off },
      ],
      workingTime: { timeZone: 'Mars/Olympus', weekdays: [1, 1], start: '18:00', end: '09:00' },
    };
    const refused = await call('PUT', '', bad);
    expect(refused.status).toBe(400);
    const paths = refused.body.error!.errors!.map((error) => error.path).sort();
    expect(paths).toEqual(
      expect.arrayContaining([
        'agreements.0.threshold',
        'agreements.1.threshold',
        'agreements.2.threshold',
        'agreements.3.kind',
        'workingTime.timeZone',
        'workingTime.weekdays',
        'workingTime.end',
      ]),
    );
    expect((await call<ProjectAgreements>('GET', '')).data).toEqual(before.data);
    expect((await call('POST', '/preview', bad)).status).toBe(400);
  });

  it("another user's project is the 404 of a missing one", async () => {
    const other = await registerUser(context.app);
    expect((await call('GET', '', undefined, other.token)).status).toBe(404);
    expect((await call('PUT', '', SET, other.token)).status).toBe(404);
    expect((await call('GET', '/compliance', undefined, other.token)).status).toBe(404);
    expect((await call('POST', '/preview', SET, other.token)).status).toBe(404);
    expect(
      (await call<ProjectAgreements>('GET', '')).data.agreements.every((a) => !a.enabled),
    ).toBe(true);
  });
});

describe('working agreements: compliance', () => {
  it('counts kept and broken in the period, humans apart from bots and agents', async () => {
    await call('PUT', '', SET);
    const { status, data } = await call<ProjectAgreementCompliance>('GET', '/compliance?days=30');
    expect(status).toBe(200);
    const approval = data.agreements.find((a) => a.kind === 'approvalBeforeMerge')!;
    // Humans: #1 kept, #2 broken, #3 open; #6 ended before the period.
    expect(approval).toMatchObject({ checked: 2, kept: 1, broken: 1, pending: 1, compliance: 50 });
    expect(approval.byAuthor.bot).toMatchObject({ checked: 1, broken: 1, compliance: 0 });
    expect(approval.byAuthor.agent).toMatchObject({ checked: 1, broken: 1 });
    expect(approval.breaches.map((b) => b.number)).toEqual([2]);
    expect(approval.breaches[0]).toMatchObject({
      repository: 'acme/api',
      url: 'https://github.com/acme/api/pull/2',
      breachedAt: new Date(NOW - 26 * HOUR).toISOString(),
    });
    // #3 waits until Monday 16:00: pending, not broken over the weekend.
    expect(data.agreements.find((a) => a.kind === 'firstReviewWithin')).toMatchObject({
      broken: 0,
      pending: 1,
    });

    const all = await call<ProjectAgreementCompliance>(
      'GET',
      '/compliance?days=30&include=bots,agents',
    );
    expect(all.data.include).toEqual({ bots: true, agents: true });
    const approvalAll = all.data.agreements.find((a) => a.kind === 'approvalBeforeMerge')!;
    expect(approvalAll).toMatchObject({ checked: 4, kept: 1, broken: 3, compliance: 25 });
    expect(approvalAll.breaches.map((b) => b.number)).toEqual([5, 2, 4]);

    const quarter = await call<ProjectAgreementCompliance>('GET', '/compliance?days=90');
    expect(quarter.data.agreements.find((a) => a.kind === 'approvalBeforeMerge')).toMatchObject({
      checked: 3,
      broken: 2,
      compliance: 33.3,
    });
  });

  it('no agreement switched on: nothing to list; a bad period or include is a 400', async () => {
    const { data } = await call<ProjectAgreementCompliance>('GET', '/compliance');
    expect(data.agreements).toEqual([]);
    expect((await call('GET', '/compliance?days=14')).status).toBe(400);
    expect((await call('GET', '/compliance?include=humans')).status).toBe(400);
  });
});

describe('working agreements: preview and breaches', () => {
  it('the preview fires exactly where detection records breaches on the same data', async () => {
    const preview = await call<AgreementPreview>('POST', '/preview', SET);
    expect(preview.status).toBe(200);
    // #2 broke approval (no review) and size (500 > 100); bots and agents are left out.
    expect(preview.data).toMatchObject({ fired: 2, pullRequests: 1 });
    const fired = preview.data.agreements.flatMap((a) =>
      a.breaches.map((b) => `${a.kind}:${key(b)}`),
    );

    // Nothing was saved by the preview.
    expect(
      (await call<ProjectAgreements>('GET', '')).data.agreements.every((a) => !a.enabled),
    ).toBe(true);

    await call('PUT', '', SET);
    await context.events.emit('pull-requests.stored', { forge: 'github', repoKey: API });
    const recorded = await breachesOfProject(context.database.db, projectId);
    const numbers = new Map(
      (await context.database.db.query.pullRequests.findMany()).map((row) => [row.id, row.number]),
    );
    expect(
      recorded
        .map(
          (row) => `${row.kind}:${numbers.get(row.pullRequestId)}@${row.breachedAt.toISOString()}`,
        )
        .sort(),
    ).toEqual(fired.sort());
  });

  it('breaches from before the agreement was switched on are recorded, not announced; later ones once', async () => {
    const unsubscribe = context.events.on('agreement.breached', (event) => {
      breached.push(event);
    });
    try {
      await call('PUT', '', SET);
      await context.events.emit('pull-requests.stored', { forge: 'github', repoKey: API });
      expect(breached).toEqual([]);
      expect(
        (await breachesOfProject(context.database.db, projectId)).every((b) => !b.notified),
      ).toBe(true);

      // Monday 17:00: #3's first review is an hour overdue (due 16:00) — after switching on.
      context.clock.now = NOW + 5 * HOUR;
      await enqueueScheduledRun(context.queue, { kind: AGREEMENT_CHECK_JOB, everyMs: 300_000 });
      await jobsSettled(context, AGREEMENT_CHECK_JOB);
      expect(breached).toHaveLength(1);
      expect(breached[0]).toMatchObject({
        projectId,
        agreement: { kind: 'firstReviewWithin', threshold: 8 },
        pullRequest: { repository: 'acme/api', number: 3, authorLogin: 'deniz' },
        breachedAt: new Date(NOW + 4 * HOUR),
      });

      // Detected again on a stored page: recorded once ever, announced once.
      await context.events.emit('pull-requests.stored', { forge: 'github', repoKey: API });
      await context.events.emit('review.stored', { forge: 'github', repoKey: API, reviewId: 'x' });
      expect(breached).toHaveLength(1);
      expect(await breachesOfProject(context.database.db, projectId)).toHaveLength(3);
    } finally {
      unsubscribe();
    }
  });

  it('a repository in no project with agreements records nothing', async () => {
    await context.events.emit('pull-requests.stored', { forge: 'github', repoKey: API });
    expect(await breachesOfProject(context.database.db, projectId)).toEqual([]);
  });
});

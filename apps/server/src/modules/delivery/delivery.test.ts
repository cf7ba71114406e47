import { describe, expect, it } from 'vitest';
import { ANALYTICS_ITEM_METRICS, type AnalyticsItemMetric, type Delivery } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import {
  deploymentCommits,
  deployments,
  incidents,
  projectMembers,
  projectTeams,
  pullRequests,
  repoDeliverySources,
} from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { NOW, ago, insertPulls, insertRepo } from '../../testing/analytics-seed.js';
import { eq, and } from 'drizzle-orm';
import { defaultForges } from '../forges/index.js';
import { DeliveryService } from './index.js';

/**
 * `GET /api/projects/{id}/delivery` over a hand-made history. Times are hours before NOW (Monday
 * 15 June 2026 12:00 UTC); the default 30-day period in UTC starts 17 May 00:00 = NOW − 708 h, so
 * a row is in the period when written at 708 h or less. Every expected figure is worked out in
 * the comments from the rows written.
 */
const context = useTestApp({ startQueue: false });

const API = 'acme/api';
const TOOLS_URL = 'https://git.example.org/acme/tools.git';

type Row = typeof deployments.$inferInsert;
const deployment = (row: Partial<Row> & Pick<Row, 'externalId' | 'name' | 'deployedAt'>): Row => ({
  repoKey: API,
  source: 'deployments',
  sha: `sha-${row.externalId}`,
  status: 'success',
  ...row,
});

async function seedProject(db: Database) {
  const owner = await registerUser(context.app);
  const project = await createProject(context.app, owner.token, { name: 'Platform' });
  const api = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'api',
    url: 'https://github.com/acme/api',
    provider: 'github',
  });
  const tools = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'tools',
    url: TOOLS_URL,
    provider: 'git',
    position: 1,
  });
  return { owner, project, api, tools };
}

/**
 * acme/api, GitHub deployments (default pattern: production environments):
 *   D0 production success 800 h (before the period)
 *   D1 production inactive 600 h (a success a later one superseded)
 *   D2 production failure 300 h
 *   D3 production success 290 h   ← 10 h after the failed D2: rework
 *   D4 staging success 200 h       (another environment: not counted)
 *   D5 production success 100 h   ← the incident of 90 h is attributed to it: failed
 *   D6 production success 50 h    ← brought #3 "Fix login crash": rework
 *   R1 release v2.0.0 150 h        (releases come after deployments: auto keeps deployments)
 * acme/tools, tags only (default pattern: semantic versions), keyed by its URL:
 *   T1 v1.0.0 400 h; N nightly-5 60 h (no match); T2 v1.1.0 30 h ← the posted incident of 20 h
 *   is attributed to it (the project's latest deployment before it, 10 h earlier): failed.
 */
async function seedHistory(db: Database, projectId: string) {
  const [d0, d1, d2, d3, , , d6] = await db
    .insert(deployments)
    .values([
      deployment({ externalId: 'D0', name: 'production', deployedAt: ago(800) }),
      deployment({
        externalId: 'D1',
        name: 'production',
        status: 'inactive',
        deployedAt: ago(600),
      }),
      deployment({ externalId: 'D2', name: 'Production', status: 'failure', deployedAt: ago(300) }),
      deployment({ externalId: 'D3', name: 'production', deployedAt: ago(290) }),
      deployment({ externalId: 'D4', name: 'staging', deployedAt: ago(200) }),
      deployment({ externalId: 'D5', name: 'production', deployedAt: ago(100) }),
      deployment({ externalId: 'D6', name: 'production', deployedAt: ago(50) }),
      deployment({ externalId: 'R1', source: 'releases', name: 'v2.0.0', deployedAt: ago(150) }),
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v1.0.0',
        name: 'v1.0.0',
        deployedAt: ago(400),
      }),
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'nightly-5',
        name: 'nightly-5',
        deployedAt: ago(60),
      }),
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v1.1.0',
        name: 'v1.1.0',
        deployedAt: ago(30),
      }),
    ])
    .returning({ id: deployments.id });
  // What containment gives: the first deployment whose commits hold each merge commit. #1 was
  // merged with a merge commit (m1, its branch commit c1 too), #2 squashed (s2) and first reached
  // the failed D2, #3 rebased (r3a, r3b), the bot's #5 reached D3, #7 D0, #8 D1; #4 is not deployed.
  const brought: Array<[string, string]> = [
    [d0!.id, 'o7'],
    [d1!.id, 'm1'],
    [d1!.id, 'c1'],
    [d1!.id, 'o8'],
    [d2!.id, 's2'],
    [d3!.id, 'b5'],
    [d6!.id, 'r3a'],
    [d6!.id, 'r3b'],
  ];
  await db
    .insert(deploymentCommits)
    .values(brought.map(([deploymentId, sha]) => ({ deploymentId, sha, authoredAt: ago(900) })));

  await insertPulls(db, [
    // #1 merge: coding 710−700 = 10 h, pickup 700−690 = 10 h, review 690−650 = 40 h; deployed
    // by D1 (600): lead 710−600 = 110 h, deploy stage 650−600 = 50 h.
    {
      repoKey: API,
      number: 1,
      author: 'bora',
      state: 'merged',
      created: 700,
      firstCommit: 710,
      merged: 650,
      size: 10,
      reviews: [{ author: 'cem', state: 'approved', at: 690 }],
    },
    // #2 squash: coding 10 h, pickup 5 h, review 5 h; first in the failed D2, so deployed by the
    // next success D3 (290): lead 330−290 = 40 h, deploy 310−290 = 20 h.
    {
      repoKey: API,
      number: 2,
      author: 'cem',
      state: 'merged',
      created: 320,
      firstCommit: 330,
      merged: 310,
      size: 10,
      reviews: [{ author: 'bora', state: 'approved', at: 315 }],
    },
    // #3 rebase, a fix, opened as a draft and ready at 70: coding 90−70 = 20 h, pickup 70−65 = 5 h,
    // review 65−60 = 5 h; deployed by D6 (50): lead 90−50 = 40 h, deploy 60−50 = 10 h.
    {
      repoKey: API,
      number: 3,
      author: 'bora',
      state: 'merged',
      created: 80,
      readyForReview: 70,
      firstCommit: 90,
      merged: 60,
      size: 10,
      reviews: [{ author: 'cem', state: 'approved', at: 65 }],
    },
    // #4 merged, not deployed yet, never reviewed: coding 45−40 = 5 h only.
    {
      repoKey: API,
      number: 4,
      author: 'deniz',
      state: 'merged',
      created: 40,
      firstCommit: 45,
      merged: 20,
      size: 10,
    },
    // #5 a bot's, no first commit known (lead from its opening): 420−290 = 130 h via D3.
    {
      repoKey: API,
      number: 5,
      author: 'dependabot[bot]',
      authorIsBot: true,
      state: 'merged',
      created: 420,
      merged: 400,
      size: 1,
    },
    // #6 merged without a merge commit sha: coding 35−30 = 5 h; never deployed.
    {
      repoKey: API,
      number: 6,
      author: 'cem',
      state: 'merged',
      created: 30,
      firstCommit: 35,
      merged: 25,
      size: 10,
    },
    // #7 merged and deployed (D0) before the period: counted nowhere.
    {
      repoKey: API,
      number: 7,
      author: 'bora',
      state: 'merged',
      created: 900,
      firstCommit: 910,
      merged: 850,
      size: 10,
    },
    // #8 merged before the period, deployed in it by D1: lead 770−600 = 170 h, deploy 730−600 =
    // 130 h; no stage before the merge (merged before the period).
    {
      repoKey: API,
      number: 8,
      author: 'deniz',
      state: 'merged',
      created: 760,
      firstCommit: 770,
      merged: 730,
      size: 10,
    },
  ]);
  await db.update(pullRequests).set({ title: 'Fix login crash' }).where(eq(pullRequests.number, 3));
  for (const [number, sha] of [
    [1, 'm1'],
    [2, 's2'],
    [3, 'r3b'],
    [4, 'm4'],
    [5, 'b5'],
    [7, 'o7'],
    [8, 'o8'],
  ] as const)
    await db
      .update(pullRequests)
      .set({ mergeCommitSha: sha })
      .where(and(eq(pullRequests.repoKey, API), eq(pullRequests.number, number)));

  await db.insert(incidents).values([
    // 90 h → 86 h: restored in 4 h; 10 h after D5 (the latest api deployment before it).
    {
      source: 'issues',
      repoKey: API,
      externalId: '41',
      title: 'API down',
      labels: ['incident'],
      startedAt: ago(90),
      resolvedAt: ago(86),
    },
    // 250 h → 240 h: 10 h; the latest api deployment before it (D3) is 40 h earlier: no deployment.
    {
      source: 'issues',
      repoKey: API,
      externalId: '42',
      title: 'Slow checkout',
      labels: ['bug', 'SEV 2'],
      startedAt: ago(250),
      resolvedAt: ago(240),
    },
    // Not an incident: no label matches.
    {
      source: 'issues',
      repoKey: API,
      externalId: '43',
      title: 'Dark mode',
      labels: ['enhancement'],
      startedAt: ago(10),
    },
    // Posted, still open.
    { source: 'api', projectId, externalId: 'pd-1', title: 'Tools outage', startedAt: ago(20) },
  ]);
}

const getDelivery = async (token: string, projectId: string, query = '') => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/delivery${query}`,
    headers: bearer(token),
  });
  return response;
};

describe('GET /api/projects/{id}/delivery', () => {
  it('computes every figure of a seeded history by hand', async () => {
    context.clock.now = NOW;
    const { db } = context.database;
    const { owner, project, api, tools } = await seedProject(db);
    await seedHistory(db, project.id);
    const response = await getDelivery(owner.token, project.id);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Delivery;
    expect(data.period).toMatchObject({ from: '2026-05-17', to: '2026-06-15', timeZone: 'UTC' });

    // Sources: api auto → deployments (first with data); counted successes in the period D1, D3,
    // D5, D6; tools auto → tags, T1 and T2.
    expect(data.sources).toEqual([
      {
        repoId: api.id,
        repository: 'acme/api',
        source: 'deployments',
        chosen: false,
        pattern: '^(prod|production|live|release)([-_ ].*)?$',
        deployments: 4,
        last_deployed_at: ago(50).toISOString(),
      },
      {
        repoId: tools.id,
        repository: 'tools',
        source: 'tags',
        chosen: false,
        pattern: '^v?\\d+\\.\\d+\\.\\d+$',
        deployments: 2,
        last_deployed_at: ago(30).toISOString(),
      },
    ]);

    // Frequency: 6 successes on 6 distinct days (May 21, May 29, Jun 3, Jun 11, Jun 13, Jun 14)
    // over 30/7 weeks: 6 × 7/30 = 1.4 a week → high (at least one deployment day a week).
    const frequency = data.deployment_frequency;
    expect(frequency).toMatchObject({
      deployments: 6,
      deployment_days: 6,
      gap: null,
      band: { band: 'high', year: 2023 },
    });
    expect(frequency.per_week).toBeCloseTo(1.4, 10);
    expect(frequency.days_per_week).toBeCloseTo(1.4, 10);
    // Weeks from Monday: May 17 (Sun) alone, then May 18–24 (D1), 25–31 (T1), Jun 1–7 (D3),
    // 8–14 (D5, D6, T2), Jun 15.
    expect(frequency.series.map((bucket) => [bucket.from, bucket.deployments])).toEqual([
      ['2026-05-17', 0],
      ['2026-05-18', 1],
      ['2026-05-25', 1],
      ['2026-06-01', 1],
      ['2026-06-08', 3],
      ['2026-06-15', 0],
    ]);

    // Lead time (humans): #1 110, #2 40, #3 40, #8 170 → median 75, p75 110 + 0.25 × 60 = 125,
    // avg 90 → high (under a week).
    expect(data.lead_time).toEqual({
      count: 4,
      median: 75,
      p75: 125,
      avg: 90,
      not_measurable: 0,
      band: { band: 'high', year: 2023 },
      gap: null,
    });

    // Change failure rate: completed in the period D1, D2, D3, D5, D6, T1, T2 = 7; failed D2
    // (status), D5 and T2 (incidents) = 3 → 3/7 → low (over 15 %).
    expect(data.change_failure_rate).toMatchObject({
      deployments: 7,
      failed: 3,
      band: { band: 'low', year: 2023 },
      gap: null,
    });
    expect(data.change_failure_rate.rate).toBeCloseTo(3 / 7, 10);

    // Time to restore: 4 h and 10 h → median 7, p75 8.5, avg 7 → high (under a day).
    expect(data.time_to_restore).toEqual({
      count: 2,
      median: 7,
      p75: 8.5,
      avg: 7,
      not_measurable: 0,
      band: { band: 'high', year: 2023 },
      gap: null,
    });
    // Incidents started in the period: 90 h, 250 h and the posted 20 h (open).
    expect(data.incidents).toMatchObject({ sources: ['issues', 'api'], count: 3, open: 1 });

    // Recovery: D2 → D3 10 h, D5 → D6 50 h; T2 has no later success: not measurable.
    expect(data.failed_deployment_recovery_time).toEqual({
      count: 2,
      median: 30,
      p75: 40,
      avg: 30,
      not_measurable: 1,
      gap: null,
    });

    // Rework: D3 (10 h after a failure) and D6 (brought a fix) of 6 successes.
    expect(data.rework_rate).toMatchObject({ deployments: 6, rework: 2, gap: null });
    expect(data.rework_rate.rate).toBeCloseTo(1 / 3, 10);

    // Stages (humans merged in the period: #1, #2, #3, #4, #6):
    // coding 10, 10, 20, 5, 5 → median 10, p75 10, avg 10;
    expect(data.stages.coding).toEqual({
      count: 5,
      median: 10,
      p75: 10,
      avg: 10,
      not_measurable: 0,
    });
    // pickup (reviewed #1, #2, #3) 10, 5, 5 → median 5, p75 7.5, avg 20/3;
    expect(data.stages.pickup).toMatchObject({ count: 3, median: 5, p75: 7.5, not_measurable: 0 });
    expect(data.stages.pickup.avg).toBeCloseTo(20 / 3, 10);
    // review 40, 5, 5 → median 5, p75 22.5, avg 50/3;
    expect(data.stages.review).toMatchObject({ count: 3, median: 5, p75: 22.5 });
    expect(data.stages.review.avg).toBeCloseTo(50 / 3, 10);
    // deploy (deployed in the period: #1 50, #2 20, #3 10, #8 130) → median 35, p75 70, avg 52.5.
    expect(data.stages.deploy).toEqual({
      count: 4,
      median: 35,
      p75: 70,
      avg: 52.5,
      not_measurable: 0,
      gap: null,
    });

    // By kind: the bot's #5 alone (130 h), whatever the filter.
    expect(data.byAuthorKind.human).toEqual({
      changes: 4,
      lead_time: { count: 4, median: 75, p75: 125, avg: 90, not_measurable: 0 },
    });
    expect(data.byAuthorKind.bot).toEqual({
      changes: 1,
      lead_time: { count: 1, median: 130, p75: 130, avg: 130, not_measurable: 0 },
    });
    expect(data.byAuthorKind.agent.changes).toBe(0);

    // A team of Bora alone (login matched in any case): #1 110 h and #3 40 h; deployments stay.
    const [team] = await db
      .insert(projectTeams)
      .values({ projectId: project.id, name: 'Core' })
      .returning();
    await db.insert(projectMembers).values([
      { projectId: project.id, name: 'Bora', githubLogin: 'Bora', teamId: team!.id },
      { projectId: project.id, name: 'Cem', githubLogin: 'cem' },
    ]);
    const core = (await getDelivery(owner.token, project.id, `?team=${team!.id}`)).json()
      .data as Delivery;
    expect(core.lead_time).toMatchObject({ count: 2, median: 75, avg: 75 });
    expect(core.stages.coding).toMatchObject({ count: 2, median: 15 });
    expect(core.deployment_frequency.deployments).toBe(6);

    // Bots only: #5 is their one change.
    const bots = (await getDelivery(owner.token, project.id, '?authors=bots')).json()
      .data as Delivery;
    expect(bots.lead_time).toMatchObject({ count: 1, median: 130 });
    expect(bots.stages.coding).toMatchObject({ count: 0, not_measurable: 1 });
  });

  it('lists behind every figure are as long as the figure', async () => {
    context.clock.now = NOW;
    const { db } = context.database;
    const { owner, project } = await seedProject(db);
    await seedHistory(db, project.id);
    const data = (await getDelivery(owner.token, project.id)).json().data as Delivery;
    const service = new DeliveryService({
      db,
      forges: defaultForges({ apiUrl: 'https://api.github.com', webUrl: 'https://github.com' }),
      timeZoneOf: async () => null,
      now: () => NOW,
    });
    const expected: Partial<Record<AnalyticsItemMetric, number>> = {
      deployments: data.deployment_frequency.deployments,
      failed_deployments: data.change_failure_rate.failed,
      lead_time: data.lead_time.count,
      incidents: data.incidents.count,
      time_to_restore: data.time_to_restore.count,
      rework: data.rework_rate.rework,
      stage_coding: data.stages.coding.count,
      stage_pickup: data.stages.pickup.count,
      stage_review: data.stages.review.count,
      stage_deploy: data.stages.deploy.count,
    };
    for (const metric of ANALYTICS_ITEM_METRICS.filter((name) => name in expected)) {
      const items = await service.items(owner.user.id, project.id, {
        days: 30,
        authors: 'humans',
        metric,
      });
      expect(items.total, metric).toBe(expected[metric]);
      expect(items.items, metric).toHaveLength(expected[metric]!);
    }
    const lead = await service.items(owner.user.id, project.id, {
      days: 30,
      authors: 'humans',
      metric: 'lead_time',
    });
    expect(
      lead.items.map((item) => (item.type === 'pull_request' ? [item.number, item.value] : null)),
    ).toEqual([
      [8, 170],
      [1, 110],
      [2, 40],
      [3, 40],
    ]);
    await expect(
      service.items(owner.user.id, project.id, { days: 30, authors: 'humans', metric: 'opened' }),
    ).rejects.toThrow();
  });

  it('takes the source the project chose', async () => {
    context.clock.now = NOW;
    const { db } = context.database;
    const { owner, project, api } = await seedProject(db);
    await seedHistory(db, project.id);
    await db
      .insert(repoDeliverySources)
      .values({ projectId: project.id, repoId: api.id, source: 'releases', pattern: null });
    const data = (await getDelivery(owner.token, project.id)).json().data as Delivery;
    // api: the release R1 (150 h) only; tools still T1 and T2.
    expect(data.sources[0]).toMatchObject({
      source: 'releases',
      chosen: true,
      pattern: '.*',
      deployments: 1,
      last_deployed_at: ago(150).toISOString(),
    });
    expect(data.deployment_frequency.deployments).toBe(3);
    // No pull request reached a release's commits (containment is per source): none deployed.
    expect(data.lead_time).toMatchObject({ count: 0, gap: 'notDeployedYet' });

    // A pattern of its own: staging environments of the deployments source (D4 at 200 h).
    await db.update(repoDeliverySources).set({ source: 'deployments', pattern: '^staging$' });
    const staging = (await getDelivery(owner.token, project.id)).json().data as Delivery;
    expect(staging.sources[0]).toMatchObject({
      source: 'deployments',
      chosen: true,
      deployments: 1,
    });
  });

  it('cuts the days in the user’s time zone across a year boundary', async () => {
    context.clock.now = NOW;
    const { db } = context.database;
    const { owner, project } = await seedProject(db);
    const settings = await context.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: bearer(owner.token),
      payload: { preferences: { timezone: 'Europe/Istanbul' } },
    });
    expect(settings.statusCode).toBe(200);
    // Istanbul is UTC+3: 29 Dec 2025 00:00 local = 28 Dec 21:00 UTC; 5 Jan 00:00 = 4 Jan 21:00.
    const at = (iso: string) => new Date(iso);
    await db.insert(deployments).values([
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v0.1.0',
        name: 'v0.1.0',
        deployedAt: at('2025-12-28T20:30:00Z'),
      }), // 28 Dec 23:30: before
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v0.2.0',
        name: 'v0.2.0',
        deployedAt: at('2025-12-28T21:30:00Z'),
      }), // 29 Dec 00:30
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v0.3.0',
        name: 'v0.3.0',
        deployedAt: at('2025-12-31T20:00:00Z'),
      }), // 31 Dec 23:00
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v0.4.0',
        name: 'v0.4.0',
        deployedAt: at('2025-12-31T22:00:00Z'),
      }), // 1 Jan 01:00
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v0.5.0',
        name: 'v0.5.0',
        deployedAt: at('2026-01-04T20:59:00Z'),
      }), // 4 Jan 23:59
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: 'v0.6.0',
        name: 'v0.6.0',
        deployedAt: at('2026-01-04T21:00:00Z'),
      }), // 5 Jan 00:00: after
    ]);
    const data = (
      await getDelivery(owner.token, project.id, '?from=2025-12-29&to=2026-01-04')
    ).json().data as Delivery;
    expect(data.period).toMatchObject({
      timeZone: 'Europe/Istanbul',
      since: '2025-12-28T21:00:00.000Z',
      until: '2026-01-04T20:59:59.999Z',
    });
    // Four deployments on four local days (29 Dec, 31 Dec, 1 Jan, 4 Jan) in one week (Mon 29 Dec).
    expect(data.deployment_frequency).toMatchObject({
      deployments: 4,
      deployment_days: 4,
      per_week: 4,
      days_per_week: 4,
    });
    expect(data.deployment_frequency.series).toEqual([
      { from: '2025-12-29', to: '2026-01-04', deployments: 4, deployment_days: 4 },
    ]);
  });

  it('names the gap of each figure it cannot compute', async () => {
    context.clock.now = NOW;
    const { db } = context.database;
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token, { name: 'Empty' });
    await insertRepo(db, project.id, {
      owner: 'acme',
      repo: 'quiet',
      url: 'https://github.com/acme/quiet',
      provider: 'github',
    });
    await insertPulls(db, [
      {
        repoKey: 'acme/quiet',
        number: 1,
        author: 'bora',
        state: 'merged',
        created: 30,
        firstCommit: 35,
        merged: 20,
        size: 1,
      },
    ]);
    const data = (await getDelivery(owner.token, project.id)).json().data as Delivery;
    expect(data.sources).toMatchObject([{ source: null, deployments: 0, last_deployed_at: null }]);
    expect(data.deployment_frequency).toMatchObject({
      deployments: 0,
      per_week: null,
      band: { band: null },
      gap: 'noDeployments',
    });
    expect(data.lead_time).toMatchObject({
      count: 0,
      median: null,
      band: { band: null },
      gap: 'noDeployments',
    });
    expect(data.change_failure_rate).toMatchObject({ rate: null, gap: 'noDeployments' });
    expect(data.time_to_restore).toMatchObject({ count: 0, gap: 'noIncidents' });
    expect(data.rework_rate).toMatchObject({ rate: null, gap: 'noDeployments' });
    expect(data.stages.deploy.gap).toBe('noDeployments');

    // A deployment that did not bring the merged change: not deployed yet.
    await db.insert(deployments).values(
      deployment({
        repoKey: 'acme/quiet',
        externalId: 'Q1',
        name: 'production',
        deployedAt: ago(10),
      }),
    );
    const later = (await getDelivery(owner.token, project.id)).json().data as Delivery;
    expect(later.lead_time.gap).toBe('notDeployedYet');
    expect(later.deployment_frequency.gap).toBeNull();

    // A repository on a plain git host without tags: no deployment to measure from; a week
    // without a merge.
    const other = await createProject(context.app, owner.token, { name: 'Git only' });
    await insertRepo(db, other.id, {
      owner: 'acme',
      repo: 'tools',
      url: TOOLS_URL,
      provider: 'git',
    });
    const gitOnly = (await getDelivery(owner.token, other.id)).json().data as Delivery;
    expect(gitOnly.lead_time.gap).toBe('noDeployments');
    const week = (await getDelivery(owner.token, project.id, '?days=7')).json().data as Delivery;
    expect(week.lead_time.gap).toBe('notDeployedYet');
  });

  it('measures a repository without pull requests per commit, authored → deployed', async () => {
    context.clock.now = NOW;
    const { db } = context.database;
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token, { name: 'Git only' });
    await insertRepo(db, project.id, {
      owner: 'acme',
      repo: 'tools',
      url: TOOLS_URL,
      provider: 'git',
    });
    // v1.0.0 at 400 h brought c1 (authored 420 h) and c2 (410 h); v1.1.0-rc.1 at 100 h (not a
    // release by the default pattern) brought c3 (130 h), which reached v1.1.0 at 40 h; v1.1.0
    // brought c4 (50 h). In the 30-day period (≤ 708 h): c1 20 h, c2 10 h, c3 90 h, c4 10 h;
    // sorted 10, 10, 20, 90: median 15 h, p75 37.5 h, average 32.5 h.
    const tag = (name: string, hours: number) =>
      deployment({
        repoKey: TOOLS_URL,
        source: 'tags',
        externalId: name,
        name,
        deployedAt: ago(hours),
      });
    const [v100, rc, v110] = await db
      .insert(deployments)
      .values([tag('v1.0.0', 400), tag('v1.1.0-rc.1', 100), tag('v1.1.0', 40)])
      .returning({ id: deployments.id });
    const commit = (deploymentId: string, sha: string, hours: number) => ({
      deploymentId,
      sha,
      authoredAt: ago(hours),
      authorName: 'Ayşe',
      subject: `change ${sha}`,
    });
    await db
      .insert(deploymentCommits)
      .values([
        commit(v100!.id, 'c1', 420),
        commit(v100!.id, 'c2', 410),
        commit(rc!.id, 'c3', 130),
        commit(v110!.id, 'c4', 50),
      ]);
    const data = (await getDelivery(owner.token, project.id)).json().data as Delivery;
    expect(data.lead_time).toMatchObject({
      count: 4,
      median: 15,
      p75: 37.5,
      avg: 32.5,
      not_measurable: 0,
      gap: null,
    });
    expect(data.lead_time.band).toMatchObject({ band: 'elite' });
    // A period without a deployment: its lead time is not measured, and that is why (the commits
    // authored in it are measured in the period of the deployment that brings them).
    const before = (
      await getDelivery(owner.token, project.id, '?from=2026-01-01&to=2026-01-31')
    ).json().data as Delivery;
    expect(before.lead_time).toMatchObject({ count: 0, gap: 'noDeployments' });
    const items = await context.app.inject({
      method: 'GET',
      url: `/api/projects/${project.id}/analytics/items?metric=lead_time`,
      headers: bearer(owner.token),
    });
    const list = items.json().data;
    expect(list.total).toBe(4);
    expect(list.items.map((item: { sha: string }) => item.sha).sort()).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
    ]);
    expect(list.items.find((item: { sha: string }) => item.sha === 'c3')).toMatchObject({
      type: 'commit',
      title: 'change c3',
      author: 'Ayşe',
      value: 90,
    });
  });

  it('answers 404 for another owner’s project and 400 for a team it does not have', async () => {
    const { db } = context.database;
    const { project } = await seedProject(db);
    const stranger = await registerUser(context.app);
    expect((await getDelivery(stranger.token, project.id)).statusCode).toBe(404);
    const { owner, project: own } = await seedProject(db);
    const team = await getDelivery(
      owner.token,
      own.id,
      '?team=00000000-0000-4000-8000-000000000000',
    );
    expect(team.statusCode).toBe(400);
  });
});

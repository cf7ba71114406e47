import { beforeEach, describe, expect, it } from 'vitest';
import type { UpdateUserSettingsBody } from '@rota/contracts';
import { analysisResults, githubAccounts, jobs, projectMembers } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { analyzeDedupeKey } from '../analysis/index.js';
import {
  HOUR,
  NOW,
  ago,
  insertPulls,
  insertRepo,
  insertRotaReview,
} from '../../testing/analytics-seed.js';
import { SettingsService } from '../settings/index.js';
import {
  DigestService,
  digestSchedule,
  DIGEST_SEND_JOB,
  type DigestBreach,
  type DigestEmail,
} from './index.js';

/**
 * The digest over a hand-made dataset. NOW is Monday 15 June 2026 12:00 UTC (analytics-seed);
 * the owner's weekly digest goes out Mondays at 15:00 Istanbul time = 12:00 UTC = NOW, so its
 * period is the 168 hours before NOW and the period before it hours 168–336.
 */
const context = useTestApp({ startQueue: false });
const API = 'acme/api';
const API_URL = 'https://github.com/acme/api';
const TOOLS_URL = 'https://git.example.org/acme/tools.git';

interface Sent {
  dedupeKey: string;
  payload: DigestEmail;
}

function digestService(options: { emailEnabled?: boolean; breaches?: DigestBreach[] } = {}) {
  const sent: Sent[] = [];
  const posted: Array<{ projectId: string; title: string; lines: string[]; dedupeKey: string }> =
    [];
  const { db } = context.database;
  const service = new DigestService({
    db,
    settings: new SettingsService({ db }),
    publicUrl: 'https://rota.example.com',
    emailEnabled: options.emailEnabled ?? true,
    ports: {
      breachesIn: async (projectIds, from, to) =>
        (options.breaches ?? []).filter(
          (breach) =>
            projectIds.includes(breach.projectId) &&
            breach.breachedAt > from &&
            breach.breachedAt <= to,
        ),
      unsubscribeUrl: (userId) => `https://rota.example.com/unsubscribe/${userId}/digest`,
      enqueueEmail: async (input) => {
        sent.push(input);
      },
      postProjectDigest: async (projectId, digest) => {
        posted.push({ projectId, ...digest });
      },
    },
    now: () => NOW,
  });
  return { service, sent, posted };
}

async function settle(token: string, body: UpdateUserSettingsBody) {
  const response = await context.app.inject({
    method: 'PUT',
    url: '/api/user/settings',
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function analysis(
  url: string,
  kind: 'readme' | 'branches' | 'diagram',
  hoursAgo: number,
  result: object,
) {
  await context.database.db.insert(analysisResults).values({
    repoUrl: url,
    kind,
    revision: `rev-${kind}-${hoursAgo}`,
    analyzerVersion: 'test',
    result,
    createdAt: ago(hoursAgo),
  });
}

const diagram = (cycles: string[][]) => ({
  nodes: [
    { id: 'api', label: 'API' },
    { id: 'db', label: 'Database' },
    { id: 'jobs', label: 'Jobs' },
    { id: 'web', label: 'Web' },
  ],
  cycles,
});

/** The owner's project with one GitHub repository and one plain git one, and its rows. */
async function seed() {
  const owner = await registerUser(context.app, { name: 'Ayşe' });
  await settle(owner.token, {
    notifications: { digest: 'weekly', digestHour: 15, digestWeekday: 1 },
    preferences: { timezone: 'Europe/Istanbul', language: 'en' },
  });
  const project = await createProject(context.app, owner.token, { name: 'Acme <Core>' });
  const { db } = context.database;
  const api = await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'api',
    url: API_URL,
    provider: 'github',
  });
  await insertRepo(db, project.id, {
    owner: 'acme',
    repo: 'tools',
    url: TOOLS_URL,
    provider: 'git',
    position: 1,
  });
  await insertPulls(db, [
    // In the period, by people: time to merge 20 h, 30 h, 6 h → 3 merged, median 20 h.
    { repoKey: API, number: 1, author: 'bora', state: 'merged', created: 100, merged: 80, size: 1 },
    { repoKey: API, number: 2, author: 'cem', state: 'merged', created: 50, merged: 20, size: 1 },
    { repoKey: API, number: 3, author: 'bora', state: 'merged', created: 30, merged: 24, size: 1 },
    // A bot's merge is not counted (people only, as the Analytics tab by default).
    {
      repoKey: API,
      number: 9,
      author: 'dependabot[bot]',
      authorIsBot: true,
      state: 'merged',
      created: 12,
      merged: 10,
      size: 1,
    },
    // The period before: one merge after 50 h.
    { repoKey: API, number: 6, author: 'cem', state: 'merged', created: 250, merged: 200, size: 1 },
    // Open: #4 waits 400 h, #8 30 h; #5 had a review, #7 is a draft.
    { repoKey: API, number: 4, author: 'deniz', state: 'open', created: 400, size: 1 },
    {
      repoKey: API,
      number: 5,
      author: 'deniz',
      state: 'open',
      created: 10,
      size: 1,
      reviews: [{ author: 'cem', state: 'commented', at: 5 }],
    },
    { repoKey: API, number: 7, author: 'deniz', state: 'open', draft: true, created: 90, size: 1 },
    { repoKey: API, number: 8, author: 'bora', state: 'open', created: 30, size: 1 },
  ]);
  await db.execute(
    `update pull_requests set title = '<img src=x onerror=alert(1)> & more' where number = 8` as never,
  );
  // Rota asked for changes on #4 two hours ago; an older request and an approval do not count.
  await insertRotaReview(db, {
    repoKey: API,
    number: 4,
    headSha: 'sha4',
    status: 'changes_requested',
    outcome: 'reviewed',
    finished: 2,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 8,
    headSha: 'sha8-old',
    status: 'changes_requested',
    outcome: 'reviewed',
    finished: 200,
  });
  await insertRotaReview(db, {
    repoKey: API,
    number: 1,
    headSha: 'sha1',
    status: 'approved',
    outcome: 'reviewed',
    finished: 90,
  });
  // Analyses: README 60 → 75, stale branches 4 → 2, one new cycle; tools analysed for the first time.
  await analysis(API_URL, 'readme', 300, { readme: { score: 60 } });
  await analysis(API_URL, 'readme', 5, { readme: { score: 75 } });
  await analysis(API_URL, 'branches', 300, { summary: { stale: 4 } });
  await analysis(API_URL, 'branches', 5, { summary: { stale: 2 } });
  await analysis(API_URL, 'diagram', 300, diagram([['api', 'db']]));
  await analysis(
    API_URL,
    'diagram',
    5,
    diagram([
      ['db', 'api'],
      ['jobs', 'web'],
    ]),
  );
  await analysis(TOOLS_URL, 'readme', 20, { readme: { score: 40 } });
  // A failing structure analysis of the API repository, now.
  await db.insert(jobs).values({
    kind: 'analyze-repository',
    dedupeKey: analyzeDedupeKey({
      repoUrl: API_URL,
      branch: api.branch || null,
      kind: 'structure',
    }),
    status: 'failed',
    payload: {},
    error: { code: 'JOB_FAILED', message: 'boom' },
    finishedAt: ago(3),
  });
  return { owner, project };
}

describe('digest', () => {
  beforeEach(() => {
    context.clock.now = NOW;
  });

  it('builds each figure of the period against the period before', async () => {
    const { owner, project } = await seed();
    const breach: DigestBreach = {
      projectId: project.id,
      agreementKind: 'firstReviewWithin',
      repository: API,
      number: 4,
      title: '<script>x</script>',
      url: 'https://github.com/acme/api/pull/4',
      breachedAt: ago(6).toISOString(),
    };
    const old = { ...breach, breachedAt: ago(400).toISOString() };
    const { service } = digestService({ breaches: [breach, old] });
    const { data, slot } = await service.buildDigest(owner.user.id, NOW);
    expect(new Date(slot.from).toISOString()).toBe(ago(168).toISOString());
    expect(data.to).toBe(new Date(NOW).toISOString());
    expect(data.hasContent).toBe(true);
    expect(data.projects).toHaveLength(1);
    const part = data.projects[0]!;
    expect(part.link).toBe(`https://rota.example.com/projects/${project.id}`);
    expect(part.merged).toEqual({
      count: 3,
      previous: 1,
      medianHours: 20,
      previousMedianHours: 50,
    });
    expect(part.waiting.map((pull) => [pull.number, pull.ageHours])).toEqual([
      [4, 400],
      [8, 30],
    ]);
    expect(part.breaches).toEqual([breach]);
    expect(part.changesRequested.map((review) => review.number)).toEqual([4]);
    expect(part.failures).toEqual([
      { repository: API, source: 'analysis', code: 'JOB_FAILED', at: ago(3).toISOString() },
    ]);
    expect(part.analyses).toEqual([
      {
        repository: API,
        first: false,
        newCycles: [['Jobs', 'Web']],
        readme: { before: 60, now: 75 },
        staleBranches: { before: 4, now: 2 },
      },
      { repository: TOOLS_URL, first: true, newCycles: [], readme: null, staleBranches: null },
    ]);
  });

  it('includes the projects naming the user as a member by GitHub login, any case', async () => {
    const { project } = await seed();
    const member = await registerUser(context.app, { name: 'Deniz' });
    const { db } = context.database;
    await db.insert(githubAccounts).values({
      userId: member.user.id,
      githubId: 4242,
      login: 'Deniz',
      accessTokenEnc: 'x',
    });
    const { service } = digestService();
    expect((await service.buildDigest(member.user.id, NOW)).data.hasContent).toBe(false);
    await db
      .insert(projectMembers)
      .values({ projectId: project.id, name: 'Deniz', githubLogin: 'deniz' });
    const { data } = await service.buildDigest(member.user.id, NOW);
    expect(data.projects.map((part) => part.projectId)).toEqual([project.id]);
  });

  it('renders both languages with every GitHub text escaped', async () => {
    const { owner } = await seed();
    const { service } = digestService();
    const en = await service.preview(owner.user.id);
    expect(en.subject).toBe('Rota weekly digest: 1 project');
    expect(en.text).toContain('3 merged (period before: 1, +2)');
    expect(en.text).toContain('Median time to merge: 20 hrs (period before: 2.1 days)');
    expect(en.text).toContain('README score 60 → 75');
    expect(en.text).toContain('first analysis');
    expect(en.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(en.html).not.toContain('<img');
    expect(en.html).toContain('Acme &lt;Core&gt;');
    expect(en.html).toContain(`https://rota.example.com/unsubscribe/${owner.user.id}/digest`);
    // Dates in the reader's time zone: NOW is 15:00 in Istanbul.
    expect(en.text).toMatch(/15 Jun 2026, 15:00 (GMT\+3|TRT)/);
    await settle(owner.token, { preferences: { language: 'tr' } });
    const tr = await service.preview(owner.user.id);
    expect(tr.subject).toBe('Rota haftalık özet: 1 proje');
    expect(tr.text).toContain('Birleştirilmiş çekme istekleri');
    expect(tr.text).toContain('3 birleştirilmiş (önceki dönem: 1, +2)');
    expect(tr.text).toContain('2,1 gün');
    expect(tr.html).toContain('lang="tr"');
  });

  it('previews exactly what the hourly run queues, once per user and local day', async () => {
    const { owner, project } = await seed();
    const { service, sent, posted } = digestService();
    const preview = await service.preview(owner.user.id, NOW);
    expect(preview.sendsAt).toBe(new Date(NOW).toISOString());
    // Another user in Los Angeles with a daily digest at 05:00 PDT = 12:00 UTC and no project:
    // due, but empty, so nothing is sent.
    const other = await registerUser(context.app, { name: 'Lee' });
    await settle(other.token, {
      notifications: { digest: 'daily', digestHour: 5 },
      preferences: { timezone: 'America/Los_Angeles' },
    });
    const result = await service.sendDue(NOW);
    expect(result).toEqual({ due: 2, enqueued: 1, empty: 1, posted: 1 });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.dedupeKey).toBe(`digest:${owner.user.id}:2026-06-15`);
    expect(sent[0]!.payload).toMatchObject({
      to: owner.user.email,
      subject: preview.subject,
      html: preview.html,
      text: preview.text,
      unsubscribeUrl: `https://rota.example.com/unsubscribe/${owner.user.id}/digest`,
    });
    expect(posted).toEqual([
      expect.objectContaining({
        projectId: project.id,
        title: 'Acme <Core>',
        dedupeKey: `digest:project:${project.id}:2026-06-15`,
      }),
    ]);
    // A rerun of the hour asks with the same keys (the outbox sends a key once).
    await service.sendDue(NOW + 10 * 60_000);
    expect(sent.map((email) => email.dedupeKey)).toEqual([sent[0]!.dedupeKey, sent[0]!.dedupeKey]);
    // The scheduled job sends the hour its run was queued for (its slot), however late it starts.
    const schedule = digestSchedule(service);
    expect(schedule).toMatchObject({ kind: DIGEST_SEND_JOB, everyMs: HOUR });
    const job = {
      jobId: 'j',
      attempt: 1,
      signal: new AbortController().signal,
      progress: async () => {},
    };
    expect(await schedule.handler({ slot: NOW / HOUR }, job)).toMatchObject({
      due: 2,
      enqueued: 1,
    });
    expect(sent).toHaveLength(3);
    // The hour before and after: nobody is due.
    expect((await service.sendDue(NOW - HOUR)).due).toBe(0);
    expect((await service.sendDue(NOW + HOUR)).due).toBe(0);
  });

  it('queues no e-mail without SMTP, and none when the digest is off', async () => {
    const { owner } = await seed();
    const quiet = digestService({ emailEnabled: false });
    expect((await quiet.service.sendDue(NOW)).enqueued).toBe(0);
    expect(quiet.sent).toEqual([]);
    await settle(owner.token, { notifications: { digest: 'off' } });
    const { service, sent } = digestService();
    expect((await service.sendDue(NOW)).due).toBe(0);
    expect(sent).toEqual([]);
    const preview = await service.preview(owner.user.id);
    expect(preview.sendsAt).toBeNull();
    expect(preview.frequency).toBe('off');
  });

  it('answers the preview route for the signed-in user only', async () => {
    const { owner } = await seed();
    const anonymous = await context.app.inject({
      method: 'GET',
      url: '/api/notifications/digest/preview',
    });
    expect(anonymous.statusCode).toBe(401);
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/notifications/digest/preview',
      headers: bearer(owner.token),
    });
    expect(response.statusCode).toBe(200);
    const preview = response.json().data;
    expect(preview).toMatchObject({
      frequency: 'weekly',
      sendsAt: new Date(NOW).toISOString(),
      from: ago(168).toISOString(),
      hasContent: true,
      subject: 'Rota weekly digest: 1 project',
    });
  });
});

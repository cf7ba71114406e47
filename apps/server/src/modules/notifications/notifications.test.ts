import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Notification } from '@rota/contracts';
import {
  githubAccounts,
  notifications,
  projectMembers,
  projectRepos,
  pullRequests,
  reviews,
  webhookDeliveries,
} from '../../db/schema/index.js';
import { encryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { delivery, examplePayload, send } from '../../testing/webhook-deliveries.js';

/**
 * Notifications from signed deliveries of GitHub's example payloads (`@octokit/webhooks-examples`)
 * through `POST /webhook/github` to the stored rows, from Rota's own events, and the API over them.
 * The examples' people: Codertocat opens, assigns and reviews; octocat is a requested reviewer.
 */
const SECRET = 'notification-hook-secret';
const context = useTestApp({
  // The GitHub reads a project and a delivery queue (against the test config's unreachable GitHub)
  // take seconds: deliveries run beside them.
  config: { workers: 4 },
  // github.com resolves to a public address without asking DNS (no network in tests).
  hostPolicy: { resolver: async () => ['140.82.112.3'] },
});

let githubId = 100;
async function userWithLogin(login: string, name: string) {
  const user = await registerUser(context.app, { name });
  githubId += 1;
  await context.database.db.insert(githubAccounts).values({
    userId: user.user.id,
    githubId,
    login,
    accessTokenEnc: encryptSecret('gho_unused', Buffer.alloc(32, 7)),
  });
  return { id: user.user.id, token: user.token, headers: bearer(user.token) };
}

/** Ayşe owns a project with ayse/api (hook installed); Codertocat and octocat are its members. */
async function team() {
  const ayse = await userWithLogin('ayse', 'Ayşe');
  const coder = await userWithLogin('Codertocat', 'Coder');
  const octo = await userWithLogin('octocat', 'Octo');
  const hubot = await userWithLogin('hubot', 'Hubot'); // a Rota user, not on the project
  const project = await createProject(context.app, ayse.token, {
    name: 'Bildirimler',
    repos: [{ name: 'api', url: 'https://github.com/ayse/api' }],
  });
  await context.database.db
    .update(projectRepos)
    .set({ webhookSecretEnc: encryptSecret(SECRET, Buffer.alloc(32, 7)), webhookInstalled: true })
    .where(eq(projectRepos.projectId, project.id));
  await context.database.db.insert(projectMembers).values([
    { projectId: project.id, name: 'Coder', githubLogin: 'codertocat' },
    { projectId: project.id, name: 'Octo', githubLogin: 'OctoCat' },
  ]);
  return { ayse, coder, octo, hubot, projectId: project.id };
}

type Payload = Record<string, unknown> & { pull_request: Record<string, unknown> };

function pullRequestPayload(action: string, change: (payload: Payload) => void = () => undefined) {
  const payload = examplePayload('pull_request', { owner: 'ayse', repo: 'api' }, action) as Payload;
  change(payload);
  return payload;
}

async function deliver(event: string, payload: unknown) {
  const sent = delivery(event, payload, SECRET);
  const response = await send(context.app, sent);
  expect(response.statusCode).toBe(202);
  await expect
    .poll(
      async () => {
        const [row] = await context.database.db
          .select({ status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.deliveryId, sent.deliveryId));
        return row?.status;
      },
      { timeout: 10_000, interval: 25 },
    )
    .toBe('processed');
  return sent;
}

/**
 * The user's notifications of `kind`; without one, of every kind but workFailed (the pull-request
 * syncs that deliveries queue fail against the unreachable GitHub of the test config).
 */
async function stored(userId: string, kind?: string) {
  const rows = await context.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return rows.filter((row) => (kind === undefined ? row.kind !== 'workFailed' : row.kind === kind));
}

const sender = (login: string) => (payload: Payload) => {
  payload.sender = { ...(payload.sender as object), login };
};

describe('forge events → notifications', () => {
  it('prAssigned: the assignee, once however often the delivery comes; not the one who assigned', async () => {
    const { coder, octo, ayse, projectId } = await team();
    // octocat assigns Codertocat.
    const payload = pullRequestPayload('assigned', sender('octocat'));
    const sent = await deliver('pull_request', payload);
    expect((await send(context.app, sent)).json().data.duplicate).toBe(true);
    const [row, ...more] = await stored(coder.id, 'prAssigned');
    expect(more).toEqual([]);
    const number = payload.number as number;
    expect(row).toMatchObject({
      projectId,
      link: `/projects/${projectId}?tab=pull-requests&q=%23${number}`,
      subject: {
        type: 'pullRequest',
        repository: 'ayse/api',
        number,
        title: payload.pull_request.title,
        url: payload.pull_request.html_url,
      },
      detail: { actor: 'octocat', role: 'assignee' },
    });
    expect(await stored(octo.id)).toEqual([]);
    expect(await stored(ayse.id)).toEqual([]);
    // Codertocat assigning themselves is nobody's news.
    await deliver('pull_request', pullRequestPayload('assigned'));
    expect(await stored(coder.id, 'prAssigned')).toHaveLength(1);
  });

  it('prAssigned: a requested reviewer; a team review request names nobody', async () => {
    const { octo, coder } = await team();
    await deliver('pull_request', pullRequestPayload('review_requested'));
    expect(await stored(octo.id, 'prAssigned')).toMatchObject([
      { detail: { actor: 'codertocat', role: 'reviewer' } },
    ]);
    await deliver(
      'pull_request',
      pullRequestPayload('review_requested', (payload) => {
        delete payload.requested_reviewer;
        payload.requested_team = { name: 'core', slug: 'core' };
      }),
    );
    expect(await stored(octo.id, 'prAssigned')).toHaveLength(1);
    expect(await stored(coder.id)).toEqual([]);
  });

  it('prMentioned: in a new pull request, not in code, e-mail-like text, or for non-members', async () => {
    const { ayse, octo, hubot, coder } = await team();
    await deliver(
      'pull_request',
      pullRequestPayload('opened', (payload) => {
        payload.pull_request.body =
          'Thanks @OctoCat and @hubot! Not `@ayse`, nor ayse@example.com, nor\n```\n@ayse\n```\n@codertocat';
      }),
    );
    expect(await stored(octo.id, 'prMentioned')).toHaveLength(1);
    expect(await stored(ayse.id)).toEqual([]);
    expect(await stored(hubot.id)).toEqual([]); // may not see the project
    expect(await stored(coder.id)).toEqual([]); // wrote it
  });

  it('prMentioned: an edit notifies only the mentions it added', async () => {
    const { ayse, octo } = await team();
    // GitHub's examples have no `edited`: the opened one, with the edit's `changes`.
    await deliver(
      'pull_request',
      pullRequestPayload('opened', (payload) => {
        payload.action = 'edited';
        payload.pull_request.body = 'Asking @octocat and now @ayse';
        payload.changes = { body: { from: 'Asking @octocat' } };
      }),
    );
    expect(await stored(ayse.id, 'prMentioned')).toHaveLength(1);
    expect(await stored(octo.id)).toEqual([]);
  });

  it("prMentioned: in a review's body, by the reviewer", async () => {
    const { ayse } = await team();
    const payload = examplePayload(
      'pull_request_review',
      { owner: 'ayse', repo: 'api' },
      'submitted',
    ) as Payload & { review: Record<string, unknown> };
    payload.review.body = '@ayse could you look at the migration?';
    await deliver('pull_request_review', payload);
    expect(await stored(ayse.id, 'prMentioned')).toMatchObject([{ detail: { in: 'review' } }]);
  });

  it('prMerged: every user of the project who switched it on, not the one who merged', async () => {
    const { ayse, coder, octo } = await team();
    for (const user of [coder, octo]) {
      const saved = await context.app.inject({
        method: 'PUT',
        url: '/api/user/settings',
        headers: user.headers,
        payload: { notifications: { prMerged: true } },
      });
      expect(saved.statusCode).toBe(200);
    }
    const merged = (payload: Payload) => {
      payload.pull_request.merged = true;
      payload.pull_request.merged_by = { login: 'octocat' };
      sender('octocat')(payload);
    };
    await deliver('pull_request', pullRequestPayload('closed', merged));
    await deliver('pull_request', pullRequestPayload('closed', merged)); // another delivery
    expect(await stored(coder.id, 'prMerged')).toHaveLength(1);
    expect(await stored(octo.id)).toEqual([]); // merged it
    expect(await stored(ayse.id)).toEqual([]); // prMerged is off by default
    // Closed without merging: nothing.
    await deliver('pull_request', pullRequestPayload('closed'));
    expect(await stored(coder.id)).toHaveLength(1);
  });
});

describe("Rota's events → notifications", () => {
  it("prReviewed: the author and requested reviewers of a reviewed pull request, with Rota's verdict", async () => {
    const { coder, octo, ayse, projectId } = await team();
    const [pr] = await context.database.db
      .insert(pullRequests)
      .values({
        repoKey: 'ayse/api',
        number: 7,
        nodeId: 'PR_7',
        title: 'Faster lists',
        state: 'open',
        authorLogin: 'Codertocat',
        createdAt: new Date(),
        updatedAt: new Date(),
        headRef: 'fast',
        headSha: 'a'.repeat(40),
        baseRef: 'main',
        url: 'https://github.com/ayse/api/pull/7',
        reviewRequests: [
          { login: 'octocat', avatarUrl: null, kind: 'user' },
          { login: 'core', avatarUrl: null, kind: 'team' },
        ],
      })
      .returning();
    const [review] = await context.database.db
      .insert(reviews)
      .values({
        repoKey: 'ayse/api',
        number: 7,
        headSha: pr!.headSha,
        configKey: 'k',
        trigger: 'webhook',
      })
      .returning();
    const event = { forge: 'github' as const, repoKey: 'ayse/api', reviewId: review!.id };
    await context.events.emit('review.stored', event); // started: nothing yet
    expect(await stored(coder.id)).toEqual([]);
    await context.database.db
      .update(reviews)
      .set({ outcome: 'reviewed', status: 'changes_requested' })
      .where(eq(reviews.id, review!.id));
    await context.events.emit('review.stored', event);
    await context.events.emit('review.stored', event);
    for (const user of [coder, octo])
      expect(await stored(user.id, 'prReviewed')).toMatchObject([
        {
          projectId,
          detail: { verdict: 'changes_requested' },
          subject: { repository: 'ayse/api', number: 7, title: 'Faster lists' },
          link: `/projects/${projectId}?tab=pull-requests&q=%237`,
        },
      ]);
    expect(await stored(ayse.id)).toEqual([]);
  });

  it('agreementBroken: author, requested reviewers and the owner; once per breach', async () => {
    const { coder, octo, ayse, hubot, projectId } = await team();
    const breach = {
      breachId: 'b1',
      projectId,
      agreementId: 'a1',
      agreement: { kind: 'reviewWithinHours', threshold: 24 },
      pullRequest: {
        repoKey: 'ayse/api',
        repository: 'ayse/api',
        number: 9,
        title: 'Slow review',
        url: 'https://github.com/ayse/api/pull/9',
        authorLogin: 'codertocat',
        reviewers: ['hubot'],
      },
      breachedAt: new Date(),
    };
    await context.events.emit('agreement.breached', breach);
    await context.events.emit('agreement.breached', breach);
    for (const user of [coder, ayse])
      expect(await stored(user.id, 'agreementBroken')).toMatchObject([
        {
          eventKey: 'agreement:b1',
          link: `/projects/${projectId}?tab=pull-requests&q=%239`,
          detail: { agreement: 'reviewWithinHours', threshold: 24 },
        },
      ]);
    expect(await stored(octo.id)).toEqual([]);
    expect(await stored(hubot.id)).toEqual([]); // reviewer, but not on the project
  });

  it('workFailed: every user of every project holding the repository, once per job', async () => {
    const { coder, ayse, octo, projectId } = await team();
    const failure = {
      work: 'analysis' as const,
      repository: { url: 'https://github.com/ayse/api', owner: 'ayse', repo: 'api' },
      projectIds: [],
      code: 'GITHUB_UNAVAILABLE',
      message: 'GitHub did not answer',
      jobId: 'job-1',
    };
    await context.events.emit('work.failed', failure);
    await context.events.emit('work.failed', failure);
    for (const user of [coder, ayse, octo])
      expect(await stored(user.id, 'workFailed')).toMatchObject([
        {
          link: `/projects/${projectId}`,
          detail: { work: 'analysis', failure: 'GITHUB_UNAVAILABLE' },
          subject: {
            type: 'repository',
            repository: 'ayse/api',
            url: 'https://github.com/ayse/api',
          },
        },
      ]);
    // Switched off: not stored.
    await context.app.inject({
      method: 'PUT',
      url: '/api/user/settings',
      headers: ayse.headers,
      payload: { notifications: { workFailed: false } },
    });
    await context.events.emit('work.failed', { ...failure, jobId: 'job-2' });
    expect(await stored(ayse.id, 'workFailed')).toHaveLength(1);
    expect(await stored(coder.id, 'workFailed')).toHaveLength(2);
    // Syncs (and fetches) are told once per repository, code and day, whichever job failed.
    await context.events.emit('work.failed', { ...failure, work: 'sync', jobId: 'sync-1' });
    await context.events.emit('work.failed', { ...failure, work: 'sync', jobId: 'sync-2' });
    expect(await stored(coder.id, 'workFailed')).toHaveLength(3);
  });
});

describe('GET /api/notifications, POST /api/notifications/read, the stream', () => {
  async function fiveFailures() {
    const t = await team();
    for (let i = 0; i < 5; i += 1) {
      context.clock.now += 1000;
      await context.events.emit('work.failed', {
        work: 'analysis',
        repository: { url: 'https://github.com/ayse/api', owner: 'ayse', repo: 'api' },
        projectIds: [t.projectId],
        code: 'CLONE_FAILED',
        message: 'no',
        jobId: `job-${i}`,
      });
    }
    return t;
  }

  it('lists newest first in pages by cursor, with the unread count and filters', async () => {
    const { ayse, projectId } = await fiveFailures();
    const first = await context.app.inject({
      url: '/api/notifications?limit=2',
      headers: ayse.headers,
    });
    expect(first.statusCode).toBe(200);
    const page = first.json().data as { items: Notification[]; nextCursor: string; unread: number };
    expect(page.unread).toBe(5);
    expect(page.items.map((item) => item.subject.repository)).toEqual(['ayse/api', 'ayse/api']);
    expect(page.items[0]).toMatchObject({ projectName: 'Bildirimler', projectId, readAt: null });
    const seen = [...page.items];
    let cursor: string | null = page.nextCursor;
    while (cursor) {
      const next = await context.app.inject({
        url: `/api/notifications?limit=2&before=${encodeURIComponent(cursor)}`,
        headers: ayse.headers,
      });
      const data = next.json().data as { items: Notification[]; nextCursor: string | null };
      seen.push(...data.items);
      cursor = data.nextCursor;
    }
    expect(seen).toHaveLength(5);
    const times = seen.map((item) => item.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(seen.map((item) => item.id)).size).toBe(5);
    const prOnly = await context.app.inject({
      url: '/api/notifications?kind=prMerged',
      headers: ayse.headers,
    });
    expect(prOnly.json().data.items).toEqual([]);
    const ofProject = await context.app.inject({
      url: `/api/notifications?projectId=${projectId}`,
      headers: ayse.headers,
    });
    expect(ofProject.json().data.items).toHaveLength(5);
    // Someone else's project, and one that does not exist, are the same 404.
    const stranger = await userWithLogin('mona', 'Mona');
    for (const id of [projectId, '00000000-0000-4000-8000-000000000000']) {
      const refused = await context.app.inject({
        url: `/api/notifications?projectId=${id}`,
        headers: stranger.headers,
      });
      expect(refused.statusCode).toBe(404);
    }
    const bad = await context.app.inject({
      url: '/api/notifications?before=nonsense',
      headers: ayse.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });

  it("marks some or all read; another user's ids are ignored", async () => {
    const { ayse, coder } = await fiveFailures();
    const mine = (await stored(ayse.id, 'workFailed')).map((row) => row.id);
    const theirs = (await stored(coder.id, 'workFailed')).map((row) => row.id);
    const some = await context.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: ayse.headers,
      payload: { ids: [mine[0], theirs[0]] },
    });
    expect(some.json().data).toEqual({ unread: 4 });
    expect((await stored(coder.id, 'workFailed')).every((row) => row.readAt === null)).toBe(true);
    const unread = await context.app.inject({
      url: '/api/notifications?unread=true',
      headers: ayse.headers,
    });
    expect(unread.json().data.items).toHaveLength(4);
    const all = await context.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: ayse.headers,
      payload: { all: true },
    });
    expect(all.json().data).toEqual({ unread: 0 });
    const wrong = await context.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: ayse.headers,
      payload: { all: false },
    });
    expect(wrong.statusCode).toBe(400);
    const anonymous = await context.app.inject({ url: '/api/notifications' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('streams the count, then each notification and count as they happen', async () => {
    const { ayse, projectId } = await team();
    const address = await context.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/notifications/stream`, {
      headers: { ...ayse.headers, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let received = '';
    const until = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}: ${received}`);
        received += new TextDecoder().decode(value);
      }
    };
    await until('event: unread\ndata: {"unread":0}');
    await context.events.emit('agreement.breached', {
      breachId: 'live',
      projectId,
      agreementId: 'a',
      agreement: { kind: 'maxOpenDays', threshold: 3 },
      pullRequest: {
        repoKey: 'ayse/api',
        repository: 'ayse/api',
        number: 1,
        title: 'Old',
        url: 'https://github.com/ayse/api/pull/1',
        authorLogin: null,
        reviewers: [],
      },
      breachedAt: new Date(),
    });
    await until('event: unread\ndata: {"unread":1}');
    expect(received).toContain('event: notification\ndata: {"id":');
    expect(received).toContain('"kind":"agreementBroken"');
    controller.abort();
    // Without `Accept: text/event-stream`: the count once, then the answer ends.
    const once = await context.app.inject({
      url: '/api/notifications/stream',
      headers: ayse.headers,
    });
    expect(once.statusCode).toBe(200);
    expect(once.body).toBe('event: unread\ndata: {"unread":1}\n\n');
    const anonymous = await context.app.inject({ url: '/api/notifications/stream' });
    expect(anonymous.statusCode).toBe(401);
  });
});

import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  projectRepos,
  projects,
  pullRequestReviews,
  pullRequests,
  pullRequestSyncs,
} from '../../db/schema/index.js';
import { registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoublePull,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';
import { GitHubClients, HttpCache, RateLimitState } from '../github/index.js';
import { defaultForges } from '../forges/index.js';
import { createPullRequestSyncHandler } from './sync-job.js';

/**
 * The pull-request sync against the GitHub double, whose GraphQL endpoint executes the sync's
 * queries against GitHub's published schema and whose REST answers carry real ETags. Call counts
 * are the sync's budgets: a sync that reads more than it needs fails here.
 */
const AYSE = 'gho_ayse';
const minute = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString();

/** `count` pull requests, #1 oldest; every one updated a minute after the one before. */
function pulls(count: number): DoublePull[] {
  return Array.from({ length: count }, (_, n) => ({
    number: n + 1,
    title: `Change ${n + 1}`,
    author: n % 7 === 0 ? 'dependabot[bot]' : 'bora',
    authorIsBot: n % 7 === 0,
    head: `change-${n + 1}`,
    createdAt: minute(n),
    updatedAt: minute(n + 1),
    state: n % 3 === 0 ? 'merged' : n % 3 === 1 ? 'closed' : 'open',
    additions: n,
    deletions: 1,
    changedFiles: 2,
    comments: n % 4,
    reviews: [{ author: 'cem', state: 'APPROVED', submittedAt: minute(n + 1) }],
    reviewRequests: n % 2 === 0 ? ['deniz', 'team:platform'] : [],
  }));
}

const repository: DoubleRepository = { owner: 'acme', name: 'api', activity: { pulls: [] } };
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 } },
    repositories: [repository],
  });
});
afterAll(async () => double?.close());

const tokens = new Map<string, string>();
const context = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
  startQueue: false,
});

let userId: string;
beforeEach(async () => {
  double.requests.length = 0;
  repository.activity = { pulls: [] };
  const { user } = await registerUser(context.app);
  tokens.set(user.id, AYSE);
  userId = user.id;
});

async function sync() {
  const clients = new GitHubClients({
    apiUrl: double.apiUrl,
    serverToken: undefined,
    userToken: async (id) => tokens.get(id) ?? null,
    cache: new HttpCache(context.database.db),
    rateLimits: new RateLimitState(),
    retryAfterUnitMs: 1,
  });
  const handler = createPullRequestSyncHandler({
    db: context.database.db,
    events: context.events,
    forges: defaultForges({ apiUrl: double.apiUrl, webUrl: double.webUrl }, clients),
    now: () => context.clock.now,
  });
  const before = double.requests.length;
  const result = await handler(
    { forge: 'github', owner: 'acme', repo: 'api', userId },
    { jobId: 'test', attempt: 1, signal: new AbortController().signal, progress: async () => {} },
  );
  const calls = double.requests.slice(before);
  return {
    result: result as Record<string, unknown>,
    rest: calls.filter((call) => call.url.includes('/pulls')),
    graphql: calls.filter((call) => call.url === '/graphql'),
  };
}

const stored = () =>
  context.database.db
    .select()
    .from(pullRequests)
    .where(eq(pullRequests.repoKey, 'acme/api'))
    .orderBy(asc(pullRequests.number));

const syncRow = async () => (await context.database.db.select().from(pullRequestSyncs))[0];

describe('pull-request sync', () => {
  it('stores the agents of Co-authored-by trailers and the ready-for-review moment', async () => {
    const [plain, drafted, claude] = pulls(3);
    repository.activity!.pulls = [
      plain!,
      { ...drafted!, draft: false, readyForReviewAt: minute(30) },
      {
        ...claude!,
        // 101 commits: the sync reads the last 100, the trailer sits in the newest one.
        commitMessages: [
          ...Array.from(
            { length: 100 },
            (_, n) => `Step ${n}\n\nCo-authored-by: Cem <cem@example.com>`,
          ),
          'Finish the parser\n\nCo-authored-by: Claude <noreply@anthropic.com>',
        ],
      },
    ];
    await sync();
    const rows = await stored();
    expect(rows.map((row) => row.agentCoauthors)).toEqual([[], [], ['Claude']]);
    expect(rows.map((row) => row.readyForReviewAt?.toISOString() ?? null)).toEqual([
      null,
      minute(30),
      null,
    ]);
  });

  it('reads every pull request again after the migration that added those columns', async () => {
    repository.activity!.pulls = pulls(120);
    await sync();
    // A trailer the first sync could not have stored (an older Rota read no commit messages),
    // on a pull request GitHub does not show as updated: only a full read finds it.
    repository.activity!.pulls[0]!.commitMessages = [
      'Tidy up\n\nCo-authored-by: Claude <noreply@anthropic.com>',
    ];
    // The migration's statement after its two ALTERs: the watermark reset.
    const migration = readFileSync(
      new URL('../../db/migrations/0015_pull_request_agents.sql', import.meta.url),
      'utf8',
    );
    const resets = migration.split('--> statement-breakpoint').slice(2);
    expect(resets).toHaveLength(1);
    for (const statement of resets) await context.database.db.execute(sql.raw(statement));
    const { rest, graphql, result } = await sync();
    // GitHub's probe still says "unchanged" (its cached ETag is kept): the missing watermark alone
    // makes the sync read in full.
    expect(rest.map((call) => call.status)).toEqual([304]);
    expect(graphql).toHaveLength(2);
    expect(result).toMatchObject({ unchanged: false, stored: 120 });
    expect((await stored())[0]!.agentCoauthors).toEqual(['Claude']);
  });

  it('reads 150 pull requests in two GraphQL pages after one probe, and stores what the metrics need', async () => {
    repository.activity!.pulls = pulls(150);
    const { rest, graphql, result } = await sync();
    expect(rest).toHaveLength(1);
    expect(graphql).toHaveLength(2);
    expect(result).toMatchObject({ stored: 150, unchanged: false, scope: '' });
    const rows = await stored();
    expect(rows).toHaveLength(150);
    expect(rows[0]).toMatchObject({
      number: 1,
      state: 'merged',
      authorLogin: 'dependabot[bot]',
      authorIsBot: true,
      additions: 0,
      comments: 0,
      headRef: 'change-1',
      url: `${double.webUrl}/acme/api/pull/1`,
      reviewRequests: [
        { login: 'deniz', kind: 'user', avatarUrl: `${double.webUrl}/avatars/deniz` },
        { login: 'platform', kind: 'team', avatarUrl: null },
      ],
    });
    expect(rows[0]!.mergedAt?.toISOString()).toBe(minute(1));
    expect(rows[0]!.mergeCommitSha).toMatch(/^[0-9a-f]{40}$/);
    expect(rows[0]!.mergeCommitSha).not.toBe(rows[0]!.headSha);
    expect(rows[1]).toMatchObject({ state: 'closed', authorIsBot: false, comments: 1 });
    expect(rows[1]!.mergedAt).toBeNull();
    expect(rows[1]!.mergeCommitSha).toBeNull();
    expect(rows[2]).toMatchObject({ state: 'open', closedAt: null });
    const reviews = await context.database.db.select().from(pullRequestReviews);
    expect(reviews).toHaveLength(150);
    expect(reviews[0]).toMatchObject({ state: 'approved', authorLogin: 'cem' });
    expect(await syncRow()).toMatchObject({ status: 'synced', prCount: 150, error: null });
    expect((await syncRow())!.watermark?.toISOString()).toBe(minute(150));
  });

  it('a second sync with nothing changed is one conditional call that GitHub answers 304', async () => {
    repository.activity!.pulls = pulls(120);
    await sync();
    const { rest, graphql, result } = await sync();
    expect(rest.map((call) => call.status)).toEqual([304]);
    expect(graphql).toHaveLength(0);
    expect(result).toMatchObject({ unchanged: true, stored: 0 });
  });

  it('a repository without pull requests, once read, is also one 304 the next time', async () => {
    repository.activity!.pulls = [];
    expect((await sync()).result).toMatchObject({ unchanged: false, stored: 0 });
    const { rest, graphql, result } = await sync();
    expect(rest.map((call) => call.status)).toEqual([304]);
    expect(graphql).toHaveLength(0);
    expect(result).toMatchObject({ unchanged: true, stored: 0 });
  });

  it('after one pull request changed, reads one page and stores only what changed since the watermark', async () => {
    repository.activity!.pulls = pulls(250);
    await sync();
    const changed = repository.activity!.pulls!.find((pull) => pull.number === 17)!;
    changed.title = 'Renamed while Rota was away';
    changed.updatedAt = minute(500);
    changed.reviews = [
      ...changed.reviews!,
      { author: 'deniz', state: 'CHANGES_REQUESTED', submittedAt: minute(499) },
    ];
    const { rest, graphql, result } = await sync();
    expect(rest.map((call) => call.status)).toEqual([200]);
    expect(graphql).toHaveLength(1);
    // The changed one, and the one at the old watermark (read again: same second, cheap).
    expect(result).toMatchObject({ stored: 2 });
    const rows = await stored();
    expect(rows).toHaveLength(250);
    expect(rows[16]).toMatchObject({ title: 'Renamed while Rota was away' });
    const reviews = await context.database.db
      .select()
      .from(pullRequestReviews)
      .where(eq(pullRequestReviews.pullRequestId, rows[16]!.id));
    expect(reviews.map((review) => review.state).sort()).toEqual(['approved', 'changes_requested']);
    expect((await syncRow())!.watermark?.toISOString()).toBe(minute(500));
  });

  it('keeps every review of a pull request with more than 100, asking for the rest', async () => {
    repository.activity!.pulls = pulls(3);
    repository.activity!.pulls[2]!.reviews = Array.from({ length: 230 }, (_, n) => ({
      author: `reviewer-${n}`,
      state: 'COMMENTED' as const,
      submittedAt: minute(n),
    }));
    const { graphql } = await sync();
    // The page, then reviews 101–200 and 201–230 of #3.
    expect(graphql).toHaveLength(3);
    const [third] = (await stored()).slice(2);
    const reviews = await context.database.db
      .select()
      .from(pullRequestReviews)
      .where(eq(pullRequestReviews.pullRequestId, third!.id));
    expect(new Set(reviews.map((review) => review.authorLogin)).size).toBe(230);
  });

  it('stores a private repository for the user whose token read it', async () => {
    repository.private = true;
    repository.collaborators = ['ayse'];
    try {
      repository.activity!.pulls = pulls(2);
      const { result } = await sync();
      expect(result).toMatchObject({ scope: userId, stored: 2 });
      expect((await stored()).map((row) => row.scope)).toEqual([userId, userId]);
    } finally {
      repository.private = false;
      repository.collaborators = [];
    }
  });

  it('a repository that turned private is read again in full for its reader, leaving no public copy', async () => {
    repository.activity!.pulls = pulls(130);
    await sync();
    repository.private = true;
    repository.collaborators = ['ayse'];
    try {
      repository.activity!.pulls[0]!.updatedAt = minute(1_000);
      const { graphql, result } = await sync();
      // One page to see the change of visibility, then both pages again for the private copy.
      expect(graphql).toHaveLength(3);
      expect(result).toMatchObject({ scope: userId, stored: 130 });
      const rows = await stored();
      expect(rows).toHaveLength(130);
      expect(new Set(rows.map((row) => row.scope))).toEqual(new Set([userId]));
      expect(await context.database.db.select().from(pullRequestSyncs)).toMatchObject([
        { scope: userId, status: 'synced', prCount: 130 },
      ]);
    } finally {
      repository.private = false;
      repository.collaborators = [];
    }
  });

  it('records what GitHub said when a sync fails, and keeps the pull requests stored before', async () => {
    repository.activity!.pulls = pulls(5);
    await sync();
    const name = repository.name;
    repository.name = 'renamed-away';
    try {
      const { result } = await sync();
      expect(result).toMatchObject({ stored: false, error: 'GITHUB_NOT_FOUND' });
    } finally {
      repository.name = name;
    }
    expect(await stored()).toHaveLength(5);
    const row = await syncRow();
    expect(row).toMatchObject({
      status: 'failed',
      prCount: 5,
      error: { code: 'GITHUB_NOT_FOUND' },
    });
    // The last good sync's watermark stays: the next sync goes on from there.
    expect(row!.watermark?.toISOString()).toBe(minute(5));
  });

  it('a user without a GitHub token gets a sync error saying so, not a GitHub call', async () => {
    tokens.delete(userId);
    const { result, rest, graphql } = await sync();
    expect(result).toMatchObject({ error: 'GITHUB_NOT_CONNECTED' });
    expect(rest.length + graphql.length).toBe(0);
    const rows = await context.database.db
      .select()
      .from(pullRequestSyncs)
      .where(and(eq(pullRequestSyncs.repoKey, 'acme/api'), eq(pullRequestSyncs.scope, userId)));
    expect(rows).toHaveLength(1);
  });

  it("tells work.failed to the reader's projects holding the repository when a sync fails", async () => {
    const [project] = await context.database.db
      .insert(projects)
      .values({ ownerId: userId, name: 'Acme' })
      .returning();
    await context.database.db.insert(projectRepos).values({
      projectId: project!.id,
      name: 'api',
      owner: 'acme',
      repo: 'api',
      repoKey: 'github.com/acme/api',
      url: 'https://github.com/acme/api',
      provider: 'github',
    });
    const failed: unknown[] = [];
    const off = context.events.on('work.failed', (event) => void failed.push(event));
    try {
      tokens.delete(userId);
      await sync();
    } finally {
      off();
    }
    expect(failed).toEqual([
      {
        work: 'sync',
        repository: { url: 'https://github.com/acme/api', owner: 'acme', repo: 'api' },
        projectIds: [project!.id],
        code: 'GITHUB_NOT_CONNECTED',
        message: expect.any(String),
        jobId: 'test',
      },
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema/index.js';
import { registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';
import { requestReview } from './request-review.js';
import { cleanPull, reviewsSettled } from '../../testing/review-fixtures.js';

/**
 * A push while a review waits: the review of the older head is superseded at once, and when its
 * job finally runs it does nothing. The queue starts only after both were asked for, so the
 * order is the test's, not the scheduler's.
 */
const TOKEN = 'gho_supersede';
let double: GitHubDouble;
const api: DoubleRepository = { owner: 'acme', name: 'api' };
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'ayse', id: 7 } },
    repositories: [api],
  });
});
afterAll(async () => double?.close());

const context = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async () => TOKEN }),
  startQueue: false,
});

describe('a newer head', () => {
  it('supersedes the pending review of the older one, whose job then does nothing', async () => {
    const { user } = await registerUser(context.app);
    const pull = { ...cleanPull(8), headSha: '1'.repeat(40) };
    api.activity = { pulls: [pull] };
    const ask = (headSha: string) =>
      requestReview(
        { db: context.database.db, queue: context.queue, events: context.events },
        {
          owner: 'acme',
          repo: 'api',
          number: 8,
          headSha,
          private: false,
          readerId: user.id,
          trigger: 'webhook',
          requestedBy: null,
        },
      );
    const older = await ask('1'.repeat(40));
    expect(older.created).toBe(true);
    pull.headSha = '2'.repeat(40);
    const newer = await ask('2'.repeat(40));
    // Asking for the newer head again is the same review, not a third.
    expect((await ask('2'.repeat(40))).review.id).toBe(newer.review.id);

    const [superseded] = await context.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, older.review.id));
    expect(superseded).toMatchObject({
      outcome: 'superseded',
      status: 'commented',
      reason: 'Superseded by a newer head commit (2222222)',
      startedAt: null,
    });

    await context.queue.start();
    await reviewsSettled(context);
    const rows = await context.database.db.select().from(reviews);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // The older review's job woke up and left it as it was: never started, never read.
    expect(byId.get(older.review.id)).toMatchObject({ outcome: 'superseded', startedAt: null });
    expect(byId.get(newer.review.id)).toMatchObject({ outcome: 'reviewed', status: 'approved' });
    expect(rows).toHaveLength(2);
    expect(double.requests.filter((seen) => seen.url.includes('/pulls/8/files'))).toHaveLength(1);
  });

  it('a review whose head GitHub no longer has is superseded without reading the files', async () => {
    const { user } = await registerUser(context.app);
    api.activity = { pulls: [{ ...cleanPull(9), headSha: '4'.repeat(40) }] };
    const { review } = await requestReview(
      { db: context.database.db, queue: context.queue, events: context.events },
      {
        owner: 'acme',
        repo: 'api',
        number: 9,
        headSha: '3'.repeat(40),
        private: false,
        readerId: user.id,
        trigger: 'webhook',
        requestedBy: null,
      },
    );
    await context.queue.start();
    await reviewsSettled(context);
    const [row] = await context.database.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row).toMatchObject({
      outcome: 'superseded',
      reason: 'The pull request moved on to 4444444',
      findings: [],
    });
    expect(double.requests.some((seen) => seen.url.includes('/pulls/9/files'))).toBe(false);
  });
});

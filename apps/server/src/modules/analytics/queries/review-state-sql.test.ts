import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestReviews, reviewStateOf, type ForgeReview } from '@rota/contracts';
import { pullRequestReviews, pullRequests } from '../../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { DAY, NOW, insertPulls } from '../../../testing/analytics-seed.js';
import { prFigures } from './pr-figures.js';

/**
 * The pull-request list decides a review state in TypeScript (the contracts' latestReviews and
 * reviewStateOf, which pull-requests/review-state.ts calls) and the analytics' review-status
 * breakdown decides it in SQL (prFigures); docs/metrics.md says the breakdown shows the state the
 * list shows. Every review set below goes through both, the SQL on a real database.
 */

interface ReviewSet {
  /** The pull request's author; null for a deleted account. */
  author: string | null;
  reviews: ForgeReview[];
  requests: string[];
}

const at = (minute: number) => new Date(NOW - DAY + minute * 60_000);
const review = (
  login: string | null,
  state: ForgeReview['state'],
  minute: number | null,
): ForgeReview => ({
  authorLogin: login,
  state,
  submittedAt: minute === null ? null : at(minute),
});

const CASES: Array<[string, ReviewSet]> = [
  ['no reviews, nobody asked', { author: 'bora', reviews: [], requests: [] }],
  ['asked, no reviews yet', { author: 'bora', reviews: [], requests: ['cem'] }],
  ['a comment only', { author: 'bora', reviews: [review('cem', 'commented', 1)], requests: [] }],
  [
    'a dismissed review only',
    { author: 'bora', reviews: [review('cem', 'dismissed', 1)], requests: [] },
  ],
  [
    'one approves, another requests changes',
    {
      author: 'bora',
      reviews: [review('cem', 'approved', 1), review('deniz', 'changes_requested', 2)],
      requests: [],
    },
  ],
  [
    'changes requested, then approved by the same reviewer',
    {
      author: 'bora',
      reviews: [review('cem', 'changes_requested', 1), review('cem', 'approved', 2)],
      requests: [],
    },
  ],
  [
    'approved, then only a comment',
    {
      author: 'bora',
      reviews: [review('cem', 'approved', 1), review('cem', 'commented', 2)],
      requests: [],
    },
  ],
  [
    'a comment, an approval, a comment',
    {
      author: 'bora',
      reviews: [
        review('cem', 'commented', 1),
        review('cem', 'approved', 2),
        review('cem', 'commented', 3),
      ],
      requests: [],
    },
  ],
  [
    'approved, then the approval dismissed',
    {
      author: 'bora',
      reviews: [review('cem', 'approved', 1), review('cem', 'dismissed', 2)],
      requests: [],
    },
  ],
  [
    "the author's own review and a pending draft, a review asked",
    {
      author: 'bora',
      reviews: [review('bora', 'approved', 1), review('cem', 'pending', null)],
      requests: ['deniz'],
    },
  ],
  [
    'approved, then asked again',
    { author: 'bora', reviews: [review('cem', 'approved', 1)], requests: ['cem'] },
  ],
  [
    'a bot requests changes',
    {
      author: 'bora',
      reviews: [review('cem', 'approved', 1), review('lint-bot[bot]', 'changes_requested', 2)],
      requests: [],
    },
  ],
  [
    'reviews without a login (a deleted account, an empty login)',
    {
      author: 'bora',
      reviews: [review(null, 'approved', 1), review('', 'changes_requested', 2)],
      requests: ['cem'],
    },
  ],
  [
    'a verdict with no submission time is older than a timed one',
    {
      author: 'bora',
      reviews: [review('cem', 'approved', null), review('cem', 'changes_requested', 2)],
      requests: [],
    },
  ],
  [
    'a pull request whose author is unknown',
    { author: null, reviews: [review('cem', 'approved', 1)], requests: [] },
  ],
];

describe('review state: the pull-request list and the analytics agree', () => {
  let database: TestDatabase;
  let next = 0;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  /** The state the analytics' SQL gives the set, stored as a pull request of its own. */
  async function sqlState(set: ReviewSet): Promise<string> {
    next += 1;
    const repoKey = `acme/review-state-${next}`;
    await insertPulls(database.db, [
      {
        repoKey,
        number: 1,
        author: set.author ?? 'unknown',
        state: 'open',
        created: 12,
        size: 1,
        requests: set.requests,
      },
    ]);
    const [row] = await database.db
      .select({ id: pullRequests.id })
      .from(pullRequests)
      .where(eq(pullRequests.repoKey, repoKey));
    if (set.author === null)
      await database.db
        .update(pullRequests)
        .set({ authorLogin: sql`null` })
        .where(eq(pullRequests.id, row!.id));
    for (const [index, fact] of set.reviews.entries())
      await database.db.insert(pullRequestReviews).values({
        pullRequestId: row!.id,
        reviewId: `R${index}`,
        state: fact.state,
        authorLogin: fact.authorLogin,
        submittedAt: fact.submittedAt,
      });
    const figures = await prFigures(database.db, {
      scope: { repoKeys: [repoKey], userId: 'nobody' },
      kinds: ['human', 'bot', 'agent'],
      since: new Date(NOW - DAY).toISOString(),
      until: new Date(NOW).toISOString(),
      seriesSince: new Date(NOW - DAY).toISOString(),
    });
    expect(figures.statuses).toHaveLength(1);
    expect(figures.statuses[0]!.count).toBe(1);
    return figures.statuses[0]!.review_status;
  }

  function listState(set: ReviewSet): string {
    return reviewStateOf(latestReviews(set.reviews, set.author), set.requests.length > 0);
  }

  it.each(CASES)('%s', async (_label, set) => {
    expect(await sqlState(set)).toBe(listState(set));
  });

  it('gives the same state for any review set', async () => {
    const login = fc.constantFrom('bora', 'cem', 'deniz', 'ece', '');
    const reviewSet = fc
      .record({
        author: fc.option(fc.constantFrom('bora', 'cem'), { nil: null }),
        reviews: fc.array(
          fc.record({
            login: fc.option(login, { nil: null }),
            state: fc.constantFrom('approved', 'changes_requested', 'commented', 'dismissed'),
            pending: fc.boolean(),
          }),
          { maxLength: 6 },
        ),
        requests: fc.uniqueArray(fc.constantFrom('cem', 'deniz', 'ece'), { maxLength: 2 }),
      })
      .map((drawn): ReviewSet => ({
        author: drawn.author,
        // Each review a minute after the last: GitHub never gives one reviewer two at once.
        reviews: drawn.reviews.map((entry, index) =>
          entry.pending
            ? review(entry.login, 'pending', null)
            : review(entry.login, entry.state, index + 1),
        ),
        requests: drawn.requests,
      }));
    await fc.assert(
      fc.asyncProperty(reviewSet, async (set) => {
        expect(await sqlState(set)).toBe(listState(set));
      }),
      { numRuns: 40, seed: 20260615 },
    );
  });
});

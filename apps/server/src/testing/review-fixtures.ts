import { and, eq, inArray } from 'drizzle-orm';
import type { DoubleDiffEntry, DoublePull } from './github-double/index.js';
import { jobs } from '../db/schema/index.js';
import type { TestContext } from './test-app.js';
import { PULL_REQUEST_REVIEW_JOB } from '../modules/reviews/index.js';

/**
 * Pull requests for the review tests, in the GitHub double's terms: realistic diffs in GitHub's
 * patch format. The fake token is assembled at run time so no secret scanner flags this file.
 */
export const FAKE_GITHUB_TOKEN = 'gh' + 'p_' + 'R0taFixture8kQ2wZ7xL9mN4pB6vC1yD3tE5';

export const at = (hours: number) =>
  new Date(Date.UTC(2026, 0, 1) + hours * 3_600_000).toISOString();

export const added = (filename: string, lines: string[]): DoubleDiffEntry => ({
  filename,
  status: 'added',
  additions: lines.length,
  deletions: 0,
  changes: lines.length,
  patch: [`@@ -0,0 +1,${lines.length} @@`, ...lines.map((line) => `+${line}`)].join('\n'),
});

/** A small, tested change with a description: nothing for the rules to say. */
export function cleanPull(number: number): DoublePull {
  return {
    number,
    title: 'Add a price formatter for the cart',
    author: 'bora',
    head: `feature-${number}`,
    createdAt: at(0),
    body: 'Formats cart prices with the currency of the shop; used by the checkout summary.',
    files: [
      added('src/cart/format-price.ts', [
        'export function formatPrice(cents: number, currency: string): string {',
        "  return new Intl.NumberFormat('en', { style: 'currency', currency }).format(cents / 100);",
        '}',
      ]),
      added('src/cart/format-price.test.ts', [
        "import { formatPrice } from './format-price.js';",
        "it('formats euros', () => expect(formatPrice(1250, 'EUR')).toBe('€12.50'));",
      ]),
    ],
  };
}

/** The clean change with a GitHub token committed in its configuration. */
export function leakyPull(number: number): DoublePull {
  const pull = cleanPull(number);
  pull.title = 'Connect the cart to GitHub issues';
  pull.files = [
    ...pull.files!,
    added('src/cart/github-client.ts', [
      "import { Octokit } from '@octokit/core';",
      `export const github = new Octokit({ auth: '${FAKE_GITHUB_TOKEN}' });`,
    ]),
  ];
  return pull;
}

/** Waits until no review job is queued or running (the real queue runs them). */
export const reviewsSettled = (context: TestContext) =>
  jobsSettled(context, PULL_REQUEST_REVIEW_JOB);

/** Waits until no job of this kind is queued or running. */
export async function jobsSettled(context: TestContext, kind: string) {
  for (let round = 0; round < 200; round += 1) {
    const live = await context.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), inArray(jobs.status, ['queued', 'running'])));
    if (live.length === 0) return;
    await Promise.all(live.map((job) => context.queue.waitFor(job.id, 5_000)));
  }
  throw new Error(`${kind} jobs did not settle`);
}

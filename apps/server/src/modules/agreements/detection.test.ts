import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AgreementSet } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { insertRepo } from '../../testing/analytics-seed.js';
import type { AgreementBreach } from '../events/index.js';
import { defaultForges } from '../forges/index.js';
import { GitHubClients, HttpCache, RateLimitState } from '../github/index.js';
import { createPullRequestSyncHandler } from '../pull-requests/index.js';
import { breachesOfProject } from './queries.js';

/**
 * Breach detection on the real write path: the pull-request sync reads the GitHub double, stores
 * the pull requests and publishes `pull-requests.stored`; the agreements judge them at once.
 */
const TOKEN = 'gho_ayse';
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);
const at = (daysAgo: number) => new Date(NOW - daysAgo * DAY).toISOString();

const repository: DoubleRepository = { owner: 'acme', name: 'api', activity: { pulls: [] } };
let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'ayse', id: 7 } },
    repositories: [repository],
  });
});
afterAll(async () => double?.close());

const context = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  startQueue: false,
});

async function sync(userId: string) {
  const clients = new GitHubClients({
    apiUrl: double.apiUrl,
    serverToken: undefined,
    userToken: async () => TOKEN,
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
  await handler(
    { forge: 'github', owner: 'acme', repo: 'api', userId },
    { jobId: 'test', attempt: 1, signal: new AbortController().signal, progress: async () => {} },
  );
}

const off = { includeBots: false, includeAgents: false };
const SET: AgreementSet = {
  agreements: [
    { kind: 'approvalBeforeMerge', enabled: true, threshold: null, ...off },
    { kind: 'maxOpenDays', enabled: true, threshold: 7, ...off },
  ],
  workingTime: { timeZone: 'UTC', weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '18:00' },
};

beforeEach(() => {
  repository.activity = { pulls: [] };
});

describe('breach detection on synced pull requests', () => {
  it('a sync that stores a merge without approval and a pull request open too long announces both once', async () => {
    // The agreements are switched on five days before NOW.
    context.clock.now = NOW - 5 * DAY;
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token, { name: 'Platform' });
    await insertRepo(context.database.db, project.id, {
      owner: 'acme',
      repo: 'api',
      url: 'https://github.com/acme/api',
      provider: 'github',
    });
    const saved = await context.app.inject({
      method: 'PUT',
      url: `/api/projects/${project.id}/agreements`,
      headers: bearer(owner.token),
      payload: SET,
    });
    expect(saved.statusCode).toBe(200);

    repository.activity!.pulls = [
      // Merged two days ago with only a comment: no approval.
      {
        number: 1,
        title: 'Faster import',
        author: 'bora',
        head: 'import',
        createdAt: at(3),
        updatedAt: at(2),
        state: 'merged',
        mergedAt: at(2),
        closedAt: at(2),
        reviews: [{ author: 'cem', state: 'COMMENTED', submittedAt: at(2.5) }],
        reviewRequests: ['cem'],
      },
      // Open for ten days: 7 days ran out three days ago, after the agreement was switched on.
      {
        number: 2,
        title: 'New parser',
        author: 'deniz',
        head: 'parser',
        createdAt: at(10),
        updatedAt: at(1),
      },
      // Approved, then merged within a day: keeps both.
      {
        number: 3,
        title: 'Fix typo',
        author: 'deniz',
        head: 'typo',
        createdAt: at(1.5),
        updatedAt: at(1),
        state: 'merged',
        mergedAt: at(1),
        closedAt: at(1),
        reviews: [{ author: 'bora', state: 'APPROVED', submittedAt: at(1.2) }],
      },
    ];
    const breached: AgreementBreach[] = [];
    const unsubscribe = context.events.on('agreement.breached', (event) => {
      breached.push(event);
    });
    try {
      context.clock.now = NOW;
      await sync(owner.user.id);
      expect(
        breached
          .map(
            (event) =>
              `${event.agreement.kind}:#${event.pullRequest.number}@${event.breachedAt.toISOString()}`,
          )
          .sort(),
      ).toEqual([`approvalBeforeMerge:#1@${at(2)}`, `maxOpenDays:#2@${at(3)}`]);
      const merged = breached.find((event) => event.pullRequest.number === 1)!;
      expect(merged.pullRequest).toMatchObject({
        repository: 'acme/api',
        title: 'Faster import',
        url: expect.stringContaining('/acme/api/pull/1'),
        authorLogin: 'bora',
        reviewers: ['cem'],
      });

      // The next sync stores the same pull requests: nothing new is announced.
      await sync(owner.user.id);
      expect(breached).toHaveLength(2);
      expect(await breachesOfProject(context.database.db, project.id)).toHaveLength(2);
    } finally {
      unsubscribe();
    }
  });
});

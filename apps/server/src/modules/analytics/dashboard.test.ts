import { beforeEach, describe, expect, it } from 'vitest';
import { analyzeBranches } from '@rota/analysis';
import type { Dashboard } from '@rota/contracts';
import { createFixtureRepo } from '../../testing/git-fixtures.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  NOW,
  insertAnalysis,
  insertPulls,
  insertRepo,
  insertRotaReview,
} from '../../testing/analytics-seed.js';

/**
 * `GET /api/dashboard` across a user's two projects (times are hours before NOW, Monday 15 June
 * 2026 12:00 UTC; the last 30 days start 17 May 00:00 = NOW − 708 h, the 30 before 17 April).
 */
const context = useTestApp({ startQueue: false });

beforeEach(() => {
  context.clock.now = NOW;
});

async function dashboard(token: string): Promise<Dashboard> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/dashboard',
    headers: bearer(token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Dashboard;
}

describe('GET /api/dashboard', () => {
  it("shows a repository's stale branches as the engine counted them, the figure the report reads", async () => {
    // A default branch, a release line and a merged branch, all idle for months, are no stale
    // branches; the one unmerged idle branch is. The report and the Branches tab read the same
    // `summary.stale` (apps/web first-actions.test.ts checks the report's side).
    const source = createFixtureRepo();
    try {
      source.commitFile('a.txt', 'a');
      source.git('branch', 'stable');
      source.git('branch', 'done');
      source.git('checkout', '-q', '-b', 'idea');
      source.commitFile('b.txt', 'b');
      source.git('checkout', '-q', 'main');
      const result = await analyzeBranches(source.dir, {
        now: new Date(Date.now() + 200 * 86_400_000),
      });
      expect(result.summary.stale).toBe(1);
      const owner = await registerUser(context.app);
      const project = await createProject(context.app, owner.token, { name: 'Solo' });
      const repo = await insertRepo(context.database.db, project.id, {
        owner: 'acme',
        repo: 'solo',
        url: 'https://github.com/acme/solo',
        provider: 'github',
      });
      await insertAnalysis(context.database.db, repo, 'branches', result);
      const data = await dashboard(owner.token);
      expect(data.attention.staleBranches.map((entry) => entry.stale)).toEqual([
        result.summary.stale,
      ]);
    } finally {
      source.remove();
    }
  });

  it('sums the figures of every project of the user', async () => {
    const owner = await registerUser(context.app);
    const { db } = context.database;
    const platform = await createProject(context.app, owner.token, { name: 'Platform' });
    const mobile = await createProject(context.app, owner.token, { name: 'Mobile' });
    const api = await insertRepo(db, platform.id, {
      owner: 'acme',
      repo: 'api',
      url: 'https://github.com/acme/api',
      provider: 'github',
    });
    const web = await insertRepo(db, platform.id, {
      owner: 'acme',
      repo: 'web',
      url: 'https://github.com/acme/web',
      provider: 'github',
      position: 1,
    });
    const app = await insertRepo(db, mobile.id, {
      owner: 'acme',
      repo: 'app',
      url: 'https://github.com/acme/app',
      provider: 'github',
    });
    await insertPulls(db, [
      // Platform. #1 merged (ttm 20 h) after cem's review; Rota approved its final head.
      {
        repoKey: 'acme/api',
        number: 1,
        author: 'bora',
        state: 'merged',
        created: 100,
        merged: 80,
        size: 10,
        reviews: [{ author: 'cem', state: 'approved', at: 90 }],
      },
      // #2 open, reviewed by cem: not waiting.
      {
        repoKey: 'acme/api',
        number: 2,
        author: 'deniz',
        state: 'open',
        created: 50,
        size: 10,
        reviews: [{ author: 'cem', state: 'commented', at: 40 }],
      },
      // #3 open, only its author commented: waiting since NOW − 400 h.
      {
        repoKey: 'acme/api',
        number: 3,
        author: 'deniz',
        state: 'open',
        created: 400,
        size: 10,
        reviews: [{ author: 'deniz', state: 'commented', at: 300 }],
      },
      // #4 open draft: waits on its author, not listed.
      {
        repoKey: 'acme/api',
        number: 4,
        author: 'bora',
        state: 'open',
        draft: true,
        created: 900,
        size: 10,
      },
      // #5 a bot's open pull request: not listed (humans only).
      {
        repoKey: 'acme/api',
        number: 5,
        author: 'dependabot[bot]',
        authorIsBot: true,
        state: 'open',
        created: 1000,
        size: 1,
      },
      // web #6 merged 45 days ago after 120 h: the previous 30 days' median.
      {
        repoKey: 'acme/web',
        number: 6,
        author: 'cem',
        state: 'merged',
        created: 1200,
        merged: 1080,
        size: 10,
      },
      // web #7 merged in 6 h; Rota requested changes on its final head.
      {
        repoKey: 'acme/web',
        number: 7,
        author: 'cem',
        state: 'merged',
        created: 30,
        merged: 24,
        size: 10,
      },
      // Mobile. #1 open, no review, opened as a draft 500 h ago and marked ready 200 h later:
      // waiting since NOW − 300 h (reviewers could not pick it up before), so after api #3.
      {
        repoKey: 'acme/app',
        number: 1,
        author: 'ece',
        state: 'open',
        created: 500,
        readyForReview: 300,
        size: 10,
      },
      // #2 merged in 5 h; Rota approved it.
      {
        repoKey: 'acme/app',
        number: 2,
        author: 'ece',
        state: 'merged',
        created: 15,
        merged: 10,
        size: 10,
      },
    ]);
    await insertRotaReview(db, {
      repoKey: 'acme/api',
      number: 1,
      headSha: 'sha1',
      status: 'approved',
      outcome: 'reviewed',
      finished: 85,
    });
    await insertRotaReview(db, {
      repoKey: 'acme/web',
      number: 7,
      headSha: 'sha7',
      status: 'changes_requested',
      outcome: 'reviewed',
      finished: 26,
      findings: 2,
    });
    await insertRotaReview(db, {
      repoKey: 'acme/app',
      number: 2,
      headSha: 'sha2',
      status: 'approved',
      outcome: 'reviewed',
      finished: 12,
    });
    await insertRotaReview(db, {
      repoKey: 'acme/app',
      number: 2,
      headSha: 'old2',
      status: 'changes_requested',
      outcome: 'reviewed',
      finished: 14,
      findings: 1,
    });
    await insertAnalysis(db, api, 'branches', { summary: { stale: 3 } });
    await insertAnalysis(db, app, 'branches', { summary: { stale: 5 } });
    await insertAnalysis(db, web, 'branches', { summary: { stale: 0 } });
    await insertAnalysis(db, api, 'readme', { readme: { score: 80 } });
    await insertAnalysis(db, web, 'readme', { readme: { score: 40 } });
    await insertAnalysis(db, app, 'readme', { readme: { score: 59 } });
    // Another user's project is not part of this dashboard.
    const other = await registerUser(context.app);
    const theirs = await createProject(context.app, other.token, { name: 'Other' });
    await insertRepo(db, theirs.id, {
      owner: 'zed',
      repo: 'z',
      url: 'https://github.com/zed/z',
      provider: 'github',
    });
    await insertPulls(db, [
      { repoKey: 'zed/z', number: 1, author: 'zeki', state: 'open', created: 2000, size: 1 },
    ]);

    const data = await dashboard(owner.token);
    // Open: api #2 #3 #4 #5, app #1 (every kind) = 5.
    expect(data.totals).toEqual({ projects: 2, repositories: 3, open_prs: 5 });
    // Waiting longest first: api #3 (400 h), app #1 (300 h).
    expect(data.waitingForFirstReview).toEqual([
      {
        projectId: platform.id,
        projectName: 'Platform',
        repository: 'acme/api',
        number: 3,
        title: 'Change 3',
        url: 'https://github.com/acme/api/pull/3',
        author: 'deniz',
        waiting_since: new Date(NOW - 400 * 3_600_000).toISOString(),
        waiting_hours: 400,
      },
      {
        projectId: mobile.id,
        projectName: 'Mobile',
        repository: 'acme/app',
        number: 1,
        title: 'Change 1',
        url: 'https://github.com/acme/app/pull/1',
        author: 'ece',
        waiting_since: new Date(NOW - 300 * 3_600_000).toISOString(),
        waiting_hours: 300,
      },
    ]);
    // Merged in the last 30 days: 20, 6, 5 h → median 6. The 30 days before: web #6, 120 h.
    expect(data.timeToMerge).toEqual({ current: 6, previous: 120 });
    // Platform: Rota reviewed #1 (approved, compliant) and web #7 (changes requested) = 1 of 2;
    // Mobile: #2's last review of its final head approved = 1 of 1. Summed: 2 of 3.
    expect(data.compliance).toEqual({ total: 3, compliant: 2, compliance_rate: 2 / 3 });
    expect(data.attention.staleBranches).toEqual([
      {
        projectId: mobile.id,
        projectName: 'Mobile',
        repoId: app.id,
        repository: 'acme/app',
        stale: 5,
      },
      {
        projectId: platform.id,
        projectName: 'Platform',
        repoId: api.id,
        repository: 'acme/api',
        stale: 3,
      },
    ]);
    expect(data.attention.lowReadmeScores).toEqual([
      {
        projectId: platform.id,
        projectName: 'Platform',
        repoId: web.id,
        repository: 'acme/web',
        score: 40,
      },
      {
        projectId: mobile.id,
        projectName: 'Mobile',
        repoId: app.id,
        repository: 'acme/app',
        score: 59,
      },
    ]);
    // Rota's change requests, newest first: app #2's old head (14 h ago), then web #7 (26 h ago).
    expect(
      data.recentChangesRequested.map((review) => [
        review.repository,
        review.number,
        review.findings_count,
        review.projectName,
      ]),
    ).toEqual([
      ['acme/app', 2, 1, 'Mobile'],
      ['acme/web', 7, 2, 'Platform'],
    ]);
    expect(data.activity).toHaveLength(30);
    // Humans opened in the last 30 days: api #1 #2 #3, web #7, app #1 #2 = 6;
    // merged: #1, #7, app #2 = 3.
    const sum = (key: 'prs_opened' | 'prs_merged') =>
      data.activity.reduce((total, day) => total + day[key], 0);
    expect([sum('prs_opened'), sum('prs_merged')]).toEqual([6, 3]);
    expect(data.activity.every((day) => day.commits === null)).toBe(true);
  });

  it('names a repository on a plain git host as the project page does, not by its path', async () => {
    const owner = await registerUser(context.app);
    const { db } = context.database;
    const project = await createProject(context.app, owner.token, { name: 'Local' });
    const local = await insertRepo(db, project.id, {
      owner: '',
      repo: 'flask',
      url: '/srv/git/mirrors/flask',
      provider: 'git',
    });
    await insertAnalysis(db, local, 'branches', { summary: { stale: 2 } });
    await insertAnalysis(db, local, 'readme', { readme: { score: 30 } });
    // A GitHub repository is matched by its lower-cased key but named as it is written.
    await insertRepo(db, project.id, {
      owner: 'Acme',
      repo: 'Payments',
      url: 'https://github.com/Acme/Payments',
      provider: 'github',
      position: 1,
    });
    await insertPulls(db, [
      { repoKey: 'acme/payments', number: 4, author: 'bora', state: 'open', created: 10, size: 5 },
    ]);
    const data = await dashboard(owner.token);
    expect(data.attention.staleBranches.map((repo) => repo.repository)).toEqual(['flask']);
    expect(data.attention.lowReadmeScores.map((repo) => repo.repository)).toEqual(['flask']);
    expect(data.waitingForFirstReview.map((pr) => pr.repository)).toEqual(['Acme/Payments']);
  });

  it('answers a user without projects with zeros', async () => {
    const owner = await registerUser(context.app);
    const data = await dashboard(owner.token);
    expect(data.totals).toEqual({ projects: 0, repositories: 0, open_prs: 0 });
    expect(data.waitingForFirstReview).toEqual([]);
    expect(data.timeToMerge).toEqual({ current: null, previous: null });
    expect(data.compliance).toEqual({ total: 0, compliant: 0, compliance_rate: null });
    expect(data.activity).toHaveLength(30);
  });
});

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { parseRepositoryUrl } from '@rota/contracts';
import { projectRepos, projects, reviews } from '../db/schema/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureRepo, type FixtureRepo } from '../testing/git-fixtures.js';
import {
  describeOperation,
  listOperations,
  type Operation,
} from '../testing/openapi/operations.js';
import {
  giveOwnerData,
  GITHUB_DOUBLE_TOKEN,
  knownValues,
  PROOFS_HOST_POLICY,
  registerOwner,
  type Owner,
} from '../testing/openapi/owner-fixture.js';
import {
  fuzzRequests,
  printRequest,
  toInject,
  validRequests,
  type FuzzRequest,
} from '../testing/openapi/requests.js';
import { startGitHubDouble, type GitHubDouble } from '../testing/github-double/index.js';
import { useTestApp } from '../testing/test-app.js';

// Every route of the OpenAPI document, fuzzed from its own schema against the real server and
// database (PGlite, and PostgreSQL in the second run). The queue is stopped: analyses are enqueued
// for the fixture repository but never run, so nothing is cloned and no network is needed.
// GitHub's routes ask the local GitHub double, never the network; every user has a GitHub token.
const GITHUB_TOKEN = GITHUB_DOUBLE_TOKEN;
let github: GitHubDouble;
beforeAll(async () => {
  github = await startGitHubDouble({
    tokens: { [GITHUB_TOKEN]: { login: 'octocat', id: 1 } },
    repositories: [WATCHED],
  });
});
afterAll(async () => github?.close());
const ctx = useTestApp({
  config: {
    allowLocalRepos: true,
    analysisWaitMs: 0,
    // Public, so installing webhooks gets past the reachability check (the fixture's repository
    // is local: no GitHub call is made).
    publicUrl: 'https://rota.example.com',
    get github() {
      return { apiUrl: github.apiUrl, webUrl: github.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async () => GITHUB_TOKEN }),
  hostPolicy: PROOFS_HOST_POLICY,
  startQueue: false,
});

/**
 * A repository the double knows, watched by the owner: the watch routes' valid owner/repo. Its
 * pull request 1 is what the review routes ask for.
 */
const WATCHED = {
  owner: 'octocat',
  name: 'hello',
  activity: {
    pulls: [
      {
        number: 1,
        title: 'Add greeting',
        author: 'octocat',
        head: 'greet',
        createdAt: '2026-01-01T00:00:00Z',
      },
    ],
  },
};

/**
 * The owner's data, and a watched repository. Its owner/repo are fuzz values only, not ids: anyone
 * may watch a public repository, so the authorization matrix has no business with them.
 */
async function ownerData(owner: Omit<Owner, 'ids'>, repo: FixtureRepo): Promise<Owner> {
  const data = await giveOwnerData(ctx.app, owner, repo);
  const watched = await ctx.app.inject({
    method: 'POST',
    url: '/api/repos/watch',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { owner: WATCHED.owner, repo: WATCHED.name },
  });
  if (watched.statusCode >= 300) throw new Error(`owner fixture: watch answered ${watched.body}`);
  const reviewId = await reviewedGitHubRepository(data.ids.id!);
  return {
    ...data,
    ids: {
      ...data.ids,
      owner: WATCHED.owner,
      repo: WATCHED.name,
      number: '1',
      reviewId,
    },
  };
}

/**
 * The review routes need a GitHub repository in one of the owner's projects and a review of it.
 * Written to the database: adding github.com through the API would resolve its name (no network
 * here). A second project, so the first keeps its local repository and makes no GitHub calls.
 */
async function reviewedGitHubRepository(projectId: string): Promise<string> {
  const { db } = ctx.database;
  const [first] = await db
    .select({ ownerId: projects.ownerId })
    .from(projects)
    .where(eq(projects.id, projectId));
  const [second] = await db
    .insert(projects)
    .values({ ownerId: first!.ownerId, name: 'Reviewed on GitHub' })
    .returning();
  const url = `https://github.com/${WATCHED.owner}/${WATCHED.name}`;
  const parsed = parseRepositoryUrl(url, { allowLocal: false });
  if (!parsed.ok) throw new Error(`owner fixture: ${url} is ${parsed.reason}`);
  await db.insert(projectRepos).values({
    projectId: second!.id,
    name: WATCHED.name,
    owner: WATCHED.owner,
    repo: WATCHED.name,
    repoKey: parsed.value.key,
    url,
    provider: 'github',
  });
  const [review] = await db
    .insert(reviews)
    .values({
      repoKey: `${WATCHED.owner}/${WATCHED.name}`,
      number: 1,
      headSha: randomBytes(20).toString('hex'),
      configKey: 'fuzz-fixture',
      trigger: 'manual',
    })
    .returning();
  return review!.id;
}

const SEED = 20261123;
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 40);

const VALID_RUNS_PER_ROUTE = 5;

// The owner's project holds the first; the others can be added.
let repos: FixtureRepo[] = [];
beforeAll(() => {
  repos = [0, 1, 2].map((index) => {
    const repo = createFixtureRepo();
    repo.commitFile('README.md', `# Fuzz fixture ${index}\n`);
    return repo;
  });
});
afterAll(() => repos.forEach((repo) => repo.remove()));

interface Finding {
  status: number;
  request: string;
  answer: string;
}

/**
 * What every answer must be: no 5xx but one the route documents as its own answer (health's 503
 * while the database is down, GitHub sign-in's 503 while it is not configured); every 4xx and
 * 5xx in the error envelope.
 */
function check(
  operation: Operation,
  request: FuzzRequest,
  status: number,
  contentType: string,
  body: string,
): Finding | null {
  const finding = { status, request: printRequest(request), answer: body.slice(0, 300) };
  if (status >= 500 && !operation.statuses.includes(status)) return finding;
  if (status >= 400) {
    if (!contentType.startsWith('application/json')) return finding;
    const parsed = JSON.parse(body) as { success?: unknown; error?: { code?: unknown } };
    if (parsed.success !== false || typeof parsed.error?.code !== 'string') return finding;
  }
  return null;
}

describe('every route of the OpenAPI document, fuzzed', () => {
  it('answers no 5xx and keeps every 4xx in the envelope', async () => {
    const operations = listOperations(ctx.app);
    expect(operations.length).toBeGreaterThan(20);
    // The first user registered: the administrator (composition.ts), so the administrators'
    // calls are reached too.
    const owner = await registerOwner(ctx.app);
    let fixture: Owner = await ownerData(owner, repos[0]!);
    const findings: Finding[] = [];
    const perRouteMs: Record<string, number> = {};
    const unreached: string[] = [];
    let sent = 0;
    const started = Date.now();

    for (const operation of operations) {
      const routeStarted = Date.now();
      let reached = false;
      // Built one at a time from the current fixture: a write that worked replaces it.
      const nextRequest = (index: number): FuzzRequest => {
        const known = knownValues(fixture, repos);
        const arbitrary =
          index < VALID_RUNS_PER_ROUTE
            ? validRequests(operation, fixture.ids, known, owner.token)
            : fuzzRequests(operation, fixture.ids, known, owner.token);
        return fc.sample(arbitrary, { seed: SEED + index, numRuns: 1 })[0]!;
      };
      for (let index = 0; index < VALID_RUNS_PER_ROUTE + RUNS_PER_ROUTE; index += 1) {
        const request = nextRequest(index);
        const response = await ctx.app.inject(toInject(request));
        sent += 1;
        const finding = check(
          operation,
          request,
          response.statusCode,
          String(response.headers['content-type'] ?? ''),
          response.body,
        );
        if (finding) findings.push(finding);
        // Past validation and the ownership check: the handler gave its own answer.
        if (response.statusCode < 400 || response.statusCode >= 500) reached = true;
        // A delete that worked removed the data later requests aim at: give it back.
        if (response.statusCode < 300 && operation.method === 'DELETE')
          fixture = await ownerData(owner, repos[0]!);
      }
      perRouteMs[describeOperation(operation)] = Date.now() - routeStarted;
      if (!reached) unreached.push(describeOperation(operation));
    }

    console.info(
      `route fuzz: ${sent} requests over ${operations.length} operations in ${Date.now() - started} ms, ${findings.length} findings`,
    );
    if (process.env.FUZZ_VERBOSE) console.info(perRouteMs);
    // One line per route and status, with the first request that caused it.
    const summary = new Map<string, string>();
    for (const finding of findings) {
      const key = `${finding.status} ${finding.request.split(' ').slice(0, 2).join(' ')}`;
      if (!summary.has(key)) summary.set(key, `${finding.request}\n    → ${finding.answer}`);
    }
    expect([...summary.values()]).toEqual([]);
    // A route no generated request got through is not fuzzed, only refused: teach the generator
    // its valid input (owner-fixture.ts `knownValues`) rather than let it pass silently.
    expect(unreached).toEqual([]);
    // The run grows with the routes (40 requests each, ~190 routes): a guard against a hang, not a
    // speed goal.
  }, 900_000);
});

import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
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
  printRequest,
  toInject,
  validRequests,
  type FuzzRequest,
  type Ids,
} from '../testing/openapi/requests.js';
import { startGitHubDouble, type GitHubDouble } from '../testing/github-double/index.js';
import { useTestApp } from '../testing/test-app.js';

// For every route that takes an id (in the path, or an id field of the query or body), generated
// from the OpenAPI document: a second user aiming at the owner's data gets the same answer as for
// an id that does not exist (404, or 403 on administrators' routes), and the owner's data reads
// the same before and after.
// GitHub's routes ask the local GitHub double, never the network; every user has a GitHub token.
const GITHUB_TOKEN = GITHUB_DOUBLE_TOKEN;
let github: GitHubDouble;
beforeAll(async () => {
  github = await startGitHubDouble({ tokens: { [GITHUB_TOKEN]: { login: 'octocat', id: 1 } } });
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

const SEED = 20261123;
/**
 * How another user's request for the owner's id may be refused: 404, the answer to an id nobody
 * has, on everything someone owns; 403 on the routes only administrators may use (the second user
 * is not one), whatever the id. Either way the answer must equal the one for a missing id.
 */
const REFUSALS = [403, 404];
/** Ids that name a project: the second user's own take their place in the mixed requests. */
const PROJECT_IDS = new Set(['id', 'projectId']);

let repos: FixtureRepo[] = [];
beforeAll(() => {
  repos = [0, 1].map((index) => {
    const repo = createFixtureRepo();
    repo.commitFile('README.md', `# Authorization fixture ${index}\n`);
    return repo;
  });
});
afterAll(() => repos.forEach((repo) => repo.remove()));

function idFields(operation: Operation, ids: Ids): string[] {
  const names = [
    ...operation.pathParams.map((p) => p.name),
    ...operation.queryParams.map((p) => p.name),
    ...Object.keys(operation.body?.properties ?? {}),
  ];
  return [...new Set(names.filter((name) => name in ids))];
}

function request(operation: Operation, ids: Ids, owner: Owner, token: string): FuzzRequest {
  const known = knownValues({ ...owner, ids }, repos.slice(1));
  return fc.sample(validRequests(operation, ids, known, token), { seed: SEED, numRuns: 1 })[0]!;
}

/**
 * Reads about the running server rather than anyone's data: their figures (uptime, cache hits)
 * move with every request served, whoever sends it.
 */
const SERVER_READS = new Set(['GET /api/cache/status', 'GET /api/health']);

/** Everything the owner can read, as the owner reads it (request ids left out). */
async function ownerView(operations: Operation[], owner: Owner): Promise<Record<string, unknown>> {
  const view: Record<string, unknown> = {};
  for (const operation of operations) {
    if (operation.method !== 'GET' || !operation.secured || !operation.answersJson) continue;
    if (SERVER_READS.has(describeOperation(operation))) continue;
    if (!operation.pathParams.every((p) => p.name in owner.ids)) continue;
    const read = request({ ...operation, queryParams: [] }, owner.ids, owner, owner.token);
    const response = await ctx.app.inject(toInject(read));
    view[describeOperation(operation)] = {
      status: response.statusCode,
      body: response.body.replace(/"requestId":"[^"]*"/g, ''),
    };
  }
  return view;
}

describe('authorization matrix from the OpenAPI document', () => {
  it("answers a second user as for a missing id on every route with an id, and leaves the owner's data as it was", async () => {
    const operations = listOperations(ctx.app);
    const ownerAccount = await registerOwner(ctx.app);
    const strangerAccount = await registerOwner(ctx.app);
    const stranger = await giveOwnerData(ctx.app, strangerAccount, repos[0]!);
    const problems: string[] = [];
    let attempts = 0;
    let routes = 0;

    let owner: Owner | undefined;
    for (const operation of operations) {
      // Fresh data when the owner's last own request was a delete (or at the start).
      if (!owner) {
        owner = await giveOwnerData(ctx.app, ownerAccount, repos[0]!);
        await ownerView(operations, owner); // the first reads start the analyses; later ones only read
      }
      // A route taking a project's own token (the incidents endpoint) has no other user: the token
      // is the access, and another project's token gets the same 401 as a missing project
      // (modules/deployments/delivery-settings.test.ts).
      if (operation.tokenRequired && !operation.userToken) continue;
      const fields = idFields(operation, owner.ids);
      if (fields.length === 0) continue;
      routes += 1;
      const name = describeOperation(operation);

      const attemptsOnRoute: Ids[] = [owner.ids];
      // The second user's own project, with the owner's other ids (member, repository, job).
      if (
        fields.some((field) => !PROJECT_IDS.has(field)) &&
        fields.some((field) => PROJECT_IDS.has(field))
      )
        attemptsOnRoute.push({
          ...owner.ids,
          id: stranger.ids.id!,
          projectId: stranger.ids.projectId!,
        });

      const before = await ownerView(operations, owner);
      for (const ids of attemptsOnRoute) {
        // The same request with the owner's ids replaced by ids nobody has: "not found" here.
        const missingIds = Object.fromEntries(
          Object.entries(ids).map(([key, value]) => [
            key,
            value === stranger.ids[key] ? value : randomUUID(),
          ]),
        );
        const missing = await ctx.app.inject(
          toInject(request(operation, missingIds, owner, stranger.token)),
        );
        const refused = REFUSALS.includes(missing.statusCode)
          ? (missing.json().error as { code: string; message: string })
          : undefined;
        if (!refused)
          problems.push(
            `${name}: a missing id answered ${missing.statusCode} ${missing.body.slice(0, 300)}`,
          );
        const attempt = request(operation, ids, owner, stranger.token);
        const response = await ctx.app.inject(toInject(attempt));
        attempts += 1;
        const error =
          response.statusCode === missing.statusCode
            ? (response.json().error as typeof refused)
            : undefined;
        if (
          !refused ||
          response.statusCode !== missing.statusCode ||
          error?.code !== refused.code ||
          error?.message !== refused.message
        )
          problems.push(
            `${name}: ${printRequest(attempt)} by another user answered ${response.statusCode} ${response.body.slice(0, 300)}`,
          );
      }
      const after = await ownerView(operations, owner);
      if (JSON.stringify(after) !== JSON.stringify(before))
        problems.push(`${name}: the owner's data changed after another user's requests`);

      // The owner's own request passes: the refusals above came from ownership (or the role), not
      // from a bad input.
      const own = request(operation, owner.ids, owner, owner.token);
      const answer = await ctx.app.inject(toInject(own));
      if (operation.method === 'DELETE') owner = undefined;
      if ([400, 401, 404].includes(answer.statusCode))
        problems.push(
          `${name}: the generator built no input the owner gets through (${printRequest(own)} → ${answer.statusCode} ${answer.body.slice(0, 300)}); teach owner-fixture.ts its values`,
        );
    }

    console.info(
      `authorization matrix: ${attempts} requests by another user over ${routes} routes with ids`,
    );
    expect(routes).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  }, 300_000);
});

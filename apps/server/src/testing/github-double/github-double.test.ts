import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApi, openApiDereferenced } from './rest-examples.js';
import { startGitHubDouble, type GitHubDouble } from './index.js';

/**
 * The double is held to GitHub's published descriptions: every REST answer it served in this file
 * is validated against the OpenAPI schema of that operation and status, and GraphQL queries GitHub
 * would reject are rejected here too.
 */
const TOKEN = 'gho_double_token';
const SCOPED_TOKEN = 'ghp_double_scoped';
const user = { login: 'octocat', id: 1 };

async function get(double: GitHubDouble, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${double.apiUrl}${path}`, {
    headers: { authorization: `token ${TOKEN}`, ...headers },
  });
  const text = await response.text();
  return { response, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function graphql(double: GitHubDouble, query: string, variables = {}) {
  const url = double.apiUrl.replace(/\/api\/v3$/, '/api') + '/graphql';
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return {
    response,
    body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string }> },
  };
}

interface Overview {
  resources: { core: { remaining: number } };
}

const doubles: GitHubDouble[] = [];

/**
 * OpenAPI 3.0's `nullable: true` beside `allOf`/`anyOf` without a `type` (GitHub's commit and
 * pull-request schemas use it for `author`, `milestone`…) is valid OpenAPI that Ajv refuses to
 * compile; it means "this schema, or null", written here as JSON Schema says it.
 */
function nullableAsAnyOf(schema: unknown, seen = new Map<object, unknown>()): unknown {
  if (Array.isArray(schema)) return schema.map((item) => nullableAsAnyOf(item, seen));
  if (!schema || typeof schema !== 'object') return schema;
  if (seen.has(schema)) return seen.get(schema);
  const copy: Record<string, unknown> = {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) copy[key] = nullableAsAnyOf(value, seen);
  if (copy.nullable === true && copy.type === undefined) {
    const { nullable: _nullable, ...rest } = copy;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return copy;
}

describe.each([
  ['api.github.com', false],
  ['GitHub Enterprise Server (/api/v3, /api/graphql)', true],
])('GitHub test double as %s', (_label, enterprise) => {
  let double: GitHubDouble;
  beforeAll(async () => {
    double = await startGitHubDouble({
      enterprise,
      tokens: { [TOKEN]: user, [SCOPED_TOKEN]: { ...user, scopes: ['repo', 'read:org'] } },
      repositories: [
        {
          owner: 'octocat',
          name: 'hello',
          stargazers: 3,
          pushedAt: '2026-03-01T00:00:00Z',
          activity: {
            commits: [
              { message: 'Add README', author: 'ayse', date: '2026-02-28T10:00:00Z' },
              { message: 'First', author: 'octocat', date: '2026-02-27T10:00:00Z' },
            ],
            contributors: [
              { login: 'octocat', contributions: 3 },
              { login: 'ayse', contributions: 7 },
            ],
            pulls: [
              {
                number: 4,
                title: 'Speed up',
                author: 'ayse',
                head: 'fast',
                createdAt: '2026-03-02T00:00:00Z',
                body: 'Caches the parsed config.',
                files: Array.from({ length: 130 }, (_, index) => ({
                  filename: `src/file-${index}.ts`,
                  status: 'modified' as const,
                  additions: 1,
                  deletions: 0,
                  changes: 1,
                  patch: '@@ -1,0 +1,1 @@\n+export const x = 1;',
                })),
              },
              {
                number: 3,
                title: 'Old idea',
                author: 'octocat',
                head: 'old',
                createdAt: '2026-02-01T00:00:00Z',
                updatedAt: '2026-03-05T00:00:00Z',
                state: 'merged',
                reviews: [
                  { author: 'ayse', state: 'APPROVED', submittedAt: '2026-03-04T00:00:00Z' },
                ],
                reviewRequests: ['team:core'],
              },
            ],
          },
          delivery: {
            deployments: Array.from({ length: 3 }, (_, n) => ({
              id: 50 + n,
              sha: 'a'.repeat(39) + String(n),
              environment: n === 2 ? 'staging' : 'production',
              createdAt: `2026-03-0${n + 1}T00:00:00Z`,
              statuses: [
                { state: 'in_progress' as const, createdAt: `2026-03-0${n + 1}T00:01:00Z` },
                { state: 'success' as const, createdAt: `2026-03-0${n + 1}T00:05:00Z` },
              ],
            })),
            releases: [
              { id: 7, tagName: 'v1.0.0', createdAt: '2026-03-01T00:00:00Z' },
              { id: 8, tagName: 'v1.1.0', draft: true, createdAt: '2026-03-02T00:00:00Z' },
            ],
            runs: [
              {
                id: 70,
                name: 'Deploy',
                headSha: 'b'.repeat(40),
                branch: 'main',
                createdAt: '2026-03-01T00:00:00Z',
              },
              {
                id: 71,
                name: 'Deploy',
                headSha: 'c'.repeat(40),
                branch: 'main',
                status: 'in_progress',
                createdAt: '2026-03-02T00:00:00Z',
              },
              {
                id: 72,
                name: 'CI',
                headSha: 'd'.repeat(40),
                branch: 'fast',
                createdAt: '2026-03-03T00:00:00Z',
              },
            ],
            issues: [
              {
                number: 10,
                title: 'Outage',
                labels: ['incident'],
                createdAt: '2026-03-01T00:00:00Z',
                closedAt: '2026-03-01T02:00:00Z',
              },
              { number: 11, title: 'Question', createdAt: '2026-03-02T00:00:00Z' },
              {
                number: 4,
                title: 'Speed up',
                createdAt: '2026-03-02T00:00:00Z',
                pullRequest: true,
              },
            ],
          },
        },
        {
          owner: 'acme',
          name: 'empty',
          activity: { empty: true },
          delivery: { actionsDisabled: true },
        },
        { owner: 'octocat', name: 'world', private: true, pushedAt: '2026-05-01T00:00:00Z' },
        {
          owner: 'acme',
          name: 'shared',
          collaborators: ['octocat'],
          pushedAt: '2026-04-01T00:00:00Z',
        },
        { owner: 'acme', name: 'secret', private: true },
      ],
    });
    doubles.push(double);
  });

  it('serves the prefix GitHub Enterprise Server uses, and nothing at the other', async () => {
    expect(double.apiUrl.endsWith('/api/v3')).toBe(enterprise);
    const wrong = enterprise ? double.webUrl : `${double.webUrl}/api/v3`;
    expect((await fetch(`${wrong}/rate_limit`)).status).toBe(404);
  });

  it('answers a repository with an ETag, then 304 without spending the rate limit', async () => {
    const first = await get(double, '/repos/octocat/hello');
    expect(first.response.status).toBe(200);
    expect(first.body).toMatchObject({ full_name: 'octocat/hello', stargazers_count: 3 });
    const etag = first.response.headers.get('etag')!;
    const remaining = Number(first.response.headers.get('x-ratelimit-remaining'));
    expect(remaining).toBe(Number(first.response.headers.get('x-ratelimit-limit')) - 1);
    const again = await get(double, '/repos/octocat/hello', { 'if-none-match': etag });
    expect(again.response.status).toBe(304);
    expect(Number(again.response.headers.get('x-ratelimit-remaining'))).toBe(remaining);
    expect(again.response.headers.get('x-ratelimit-resource')).toBe('core');
  });

  it('hides private repositories of others (404) and rejects bad credentials (401)', async () => {
    expect((await get(double, '/repos/acme/secret')).response.status).toBe(404);
    const bad = await get(double, '/repos/octocat/hello', { authorization: 'token nope' });
    expect(bad.response.status).toBe(401);
    expect(bad.body).toMatchObject({ message: 'Bad credentials' });
  });

  it('lists commits, contributors (most first) and open pull requests; an empty repository as GitHub does', async () => {
    const commits = await get(double, '/repos/octocat/hello/commits?per_page=1');
    expect(commits.body).toMatchObject([
      { commit: { message: 'Add README', author: { name: 'ayse' } } },
    ]);
    const contributors = await get(double, '/repos/octocat/hello/contributors');
    expect((contributors.body as Array<{ login: string }>).map((c) => c.login)).toEqual([
      'ayse',
      'octocat',
    ]);
    const pulls = await get(double, '/repos/octocat/hello/pulls?state=open');
    expect(pulls.body).toMatchObject([
      { number: 4, title: 'Speed up', state: 'open', head: { ref: 'fast' } },
    ]);
    expect((await get(double, '/repos/acme/empty/commits')).response.status).toBe(409);
    const none = await get(double, '/repos/acme/empty/contributors');
    expect(none.response.status).toBe(204);
    expect(none.body).toBeUndefined();
    expect((await get(double, '/repos/acme/secret/pulls')).response.status).toBe(404);
  });

  it('lists pull requests of every state, by update time, with an ETag that answers 304 until one changes', async () => {
    const url = '/repos/octocat/hello/pulls?state=all&sort=updated&direction=desc&per_page=1';
    const first = await get(double, url);
    expect(first.body).toMatchObject([
      { number: 3, state: 'closed', merged_at: '2026-03-05T00:00:00Z' },
    ]);
    const etag = first.response.headers.get('etag')!;
    expect((await get(double, url, { 'if-none-match': etag })).response.status).toBe(304);
    const closed = await get(double, '/repos/octocat/hello/pulls?state=closed');
    expect((closed.body as Array<{ number: number }>).map((pull) => pull.number)).toEqual([3]);
    const pulls = double.repositories[0]!.activity!.pulls!;
    pulls[1]!.updatedAt = '2026-03-06T00:00:00Z';
    try {
      expect((await get(double, url, { 'if-none-match': etag })).response.status).toBe(200);
    } finally {
      pulls[1]!.updatedAt = '2026-03-05T00:00:00Z';
    }
  });

  it('serves one pull request and its files, paged by 100, from the seeded list', async () => {
    const one = await get(double, '/repos/octocat/hello/pulls/4');
    expect(one.response.status).toBe(200);
    expect(one.body).toMatchObject({
      number: 4,
      body: 'Caches the parsed config.',
      state: 'open',
      changed_files: 130,
      additions: 130,
      head: { ref: 'fast' },
      base: { ref: 'main', repo: { private: false } },
    });
    const merged = await get(double, '/repos/octocat/hello/pulls/3');
    expect(merged.body).toMatchObject({ state: 'closed', merged: true, body: null });
    const first = await get(double, '/repos/octocat/hello/pulls/4/files?per_page=100&page=1');
    const second = await get(double, '/repos/octocat/hello/pulls/4/files?per_page=100&page=2');
    expect((first.body as unknown[]).length).toBe(100);
    expect(second.body).toHaveLength(30);
    expect((second.body as Array<{ filename: string }>)[0]!.filename).toBe('src/file-100.ts');
    expect((await get(double, '/repos/octocat/hello/pulls/99')).response.status).toBe(404);
    expect((await get(double, '/repos/octocat/hello/pulls/99/files')).response.status).toBe(404);
  });

  it('pages repository.pullRequests with nested reviews and review requests', async () => {
    const query = `query($after: String) { repository(owner: "octocat", name: "hello") {
      pullRequests(first: 1, after: $after, orderBy: {field: UPDATED_AT, direction: DESC}) {
        pageInfo { hasNextPage endCursor }
        nodes { number state mergedAt author { __typename login }
          reviews(first: 10) { nodes { state author { login } } }
          reviewRequests(first: 10) { nodes { requestedReviewer { __typename ... on Team { slug } } } } }
      } } }`;
    const pullRequests = (body: { data?: unknown }) =>
      (
        body.data as {
          repository: {
            pullRequests: {
              pageInfo: { hasNextPage: boolean; endCursor: string };
              nodes: unknown[];
            };
          };
        }
      ).repository.pullRequests;
    const connection = pullRequests((await graphql(double, query)).body);
    expect(connection.nodes).toEqual([
      {
        number: 3,
        state: 'MERGED',
        mergedAt: '2026-03-05T00:00:00Z',
        author: { __typename: 'User', login: 'octocat' },
        reviews: { nodes: [{ state: 'APPROVED', author: { login: 'ayse' } }] },
        reviewRequests: { nodes: [{ requestedReviewer: { __typename: 'Team', slug: 'core' } }] },
      },
    ]);
    expect(connection.pageInfo.hasNextPage).toBe(true);
    const page2 = await graphql(double, query, { after: connection.pageInfo.endCursor });
    expect(pullRequests(page2.body)).toMatchObject({
      pageInfo: { hasNextPage: false },
      nodes: [{ number: 4, state: 'OPEN', mergedAt: null }],
    });
  });

  it('lists deployments newest first, paged with Link headers, each with its statuses newest first', async () => {
    const first = await get(double, '/repos/octocat/hello/deployments?per_page=2');
    expect(first.body).toMatchObject([
      { id: 52, environment: 'staging' },
      { id: 51, environment: 'production', sha: 'a'.repeat(39) + '1' },
    ]);
    const link = first.response.headers.get('link')!;
    const next = /<([^>]+)>; rel="next"/.exec(link)![1]!;
    expect(next).toContain('page=2');
    const second = await fetch(next, { headers: { authorization: `token ${TOKEN}` } });
    expect(((await second.json()) as Array<{ id: number }>).map((item) => item.id)).toEqual([50]);
    const statuses = await get(double, '/repos/octocat/hello/deployments/51/statuses?per_page=1');
    expect(statuses.body).toMatchObject([{ state: 'success', created_at: '2026-03-02T00:05:00Z' }]);
    const etag = statuses.response.headers.get('etag')!;
    const again = await get(double, '/repos/octocat/hello/deployments/51/statuses?per_page=1', {
      'if-none-match': etag,
    });
    expect(again.response.status).toBe(304);
    expect(
      (await get(double, '/repos/octocat/hello/deployments/99/statuses')).response.status,
    ).toBe(404);
  });

  it('lists releases (drafts too, as GitHub shows them to who may push), runs by branch and issues with pull requests', async () => {
    const releases = await get(double, '/repos/octocat/hello/releases');
    expect(releases.body).toMatchObject([
      { tag_name: 'v1.1.0', draft: true, published_at: null },
      { tag_name: 'v1.0.0', draft: false, published_at: '2026-03-01T00:00:00Z' },
    ]);
    const runs = await get(double, '/repos/octocat/hello/actions/runs?branch=main&per_page=100');
    expect(runs.body).toMatchObject({
      total_count: 2,
      workflow_runs: [
        { id: 71, status: 'in_progress', conclusion: null },
        { id: 70, name: 'Deploy', status: 'completed', conclusion: 'success' },
      ],
    });
    expect((await get(double, '/repos/acme/empty/actions/runs')).response.status).toBe(404);
    const issues = await get(
      double,
      '/repos/octocat/hello/issues?state=all&sort=updated&direction=desc',
    );
    const listed = issues.body as Array<{
      number: number;
      pull_request?: unknown;
      labels: unknown;
    }>;
    expect(listed.map((issue) => issue.number)).toEqual([11, 4, 10]);
    expect(listed.find((issue) => issue.number === 4)!.pull_request).toBeDefined();
    expect(listed.find((issue) => issue.number === 10)).toMatchObject({
      labels: [{ name: 'incident' }],
      closed_at: '2026-03-01T02:00:00Z',
      state: 'closed',
    });
    const open = await get(double, '/repos/octocat/hello/issues?labels=incident');
    expect(open.body).toEqual([]);
  });

  it("lists the user's repositories by push time, paginated with Link headers", async () => {
    const page1 = await get(double, '/user/repos?sort=pushed&per_page=2');
    expect((page1.body as Array<{ full_name: string }>).map((r) => r.full_name)).toEqual([
      'octocat/world',
      'acme/shared',
    ]);
    expect(page1.response.headers.get('link')).toContain('rel="next"');
    const page2 = await get(double, '/user/repos?sort=pushed&per_page=2&page=2');
    expect((page2.body as Array<{ full_name: string }>).map((r) => r.full_name)).toEqual([
      'octocat/hello',
    ]);
    expect((await get(double, '/user/repos', { authorization: '' })).response.status).toBe(401);
  });

  it('adds and removes webhooks for admins only, and refuses a hook without a URL', async () => {
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${double.apiUrl}${path}`, {
        method,
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const hook = {
      name: 'web',
      events: ['push', 'pull_request'],
      config: { url: 'https://rota.example.com/webhook/github', content_type: 'json', secret: 's' },
    };
    const created = await send('POST', '/repos/octocat/hello/hooks', hook);
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: number; config: { url: string } };
    expect(body.config.url).toBe(hook.config.url);
    expect(double.repositories[0]!.hooks?.map((h) => h.config.secret)).toEqual(['s']);
    // octocat collaborates on acme/shared without admin rights: GitHub answers 404.
    expect((await send('POST', '/repos/acme/shared/hooks', hook)).status).toBe(404);
    expect((await send('POST', '/repos/octocat/hello/hooks', { config: {} })).status).toBe(422);
    expect((await send('DELETE', `/repos/octocat/hello/hooks/${body.id}`)).status).toBe(204);
    expect((await send('DELETE', `/repos/octocat/hello/hooks/${body.id}`)).status).toBe(404);
    expect(double.repositories[0]!.hooks).toEqual([]);
  });

  it('takes a review with comments on diff lines, refusing lines off the diff and self-approval', async () => {
    const post = async (path: string, body: unknown) => {
      const response = await fetch(`${double.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const pulls = double.repositories[0]!.activity!.pulls!;
    const comment = (line: number) => ({ path: 'src/file-0.ts', line, side: 'RIGHT', body: 'Hm' });
    const off = await post('/repos/octocat/hello/pulls/4/reviews', {
      event: 'COMMENT',
      body: 'Two notes',
      comments: [comment(1), comment(5)],
    });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual(['Pull request review thread line must be part of the diff']);
    expect(pulls[0]!.postedReviews).toBeUndefined();

    const ok = await post('/repos/octocat/hello/pulls/4/reviews', {
      commit_id: 'c'.repeat(40),
      event: 'REQUEST_CHANGES',
      body: 'One note',
      comments: [comment(1)],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ state: 'CHANGES_REQUESTED', commit_id: 'c'.repeat(40) });
    expect(pulls[0]!.postedReviews).toEqual([
      expect.objectContaining({ id: ok.body.id, login: 'octocat', comments: [comment(1)] }),
    ]);

    // Pull request 3 is octocat's own.
    const own = await post('/repos/octocat/hello/pulls/3/reviews', { event: 'APPROVE' });
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual(['Can not approve your own pull request']);
  });

  it('takes a commit status from who may push, and answers 404 to anyone else', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${double.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `token ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const status = { state: 'failure', context: 'rota/review', description: 'Changes requested' };
    const created = await post(`/repos/acme/shared/statuses/${'d'.repeat(40)}`, status);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ state: 'failure', context: 'rota/review' });
    const shared = double.repositories.find((repo) => repo.name === 'shared')!;
    expect(shared.statuses).toEqual([
      expect.objectContaining({ sha: 'd'.repeat(40), state: 'failure', login: 'octocat' }),
    ]);
    expect((await post(`/repos/acme/empty/statuses/${'d'.repeat(40)}`, status)).status).toBe(404);
  });

  it("answers GET /user with the caller, and a classic token's scopes in x-oauth-scopes", async () => {
    const scoped = await get(double, '/user', { authorization: `token ${SCOPED_TOKEN}` });
    expect(scoped.response.status).toBe(200);
    expect(scoped.body).toMatchObject({ login: 'octocat', id: 1 });
    expect(scoped.response.headers.get('x-oauth-scopes')).toBe('repo, read:org');
    // A token registered without scopes stands for a fine-grained one: GitHub sends no header.
    const fineGrained = await get(double, '/user');
    expect(fineGrained.response.status).toBe(200);
    expect(fineGrained.response.headers.has('x-oauth-scopes')).toBe(false);
    const anonymous = await fetch(`${double.apiUrl}/user`);
    expect(anonymous.status).toBe(401);
    const bad = await get(double, '/user', { authorization: 'token nope' });
    expect(bad.response.status).toBe(401);
  });

  it('reports buckets at /rate_limit without spending them, and refuses when one is empty', async () => {
    const before = await get(double, '/rate_limit');
    const after = await get(double, '/rate_limit');
    expect(after.body).toMatchObject({
      resources: { core: { remaining: (before.body as Overview).resources.core.remaining } },
    });
    double.limits.exhaust(TOKEN, 'core');
    const refused = await get(double, '/repos/octocat/hello');
    expect(refused.response.status).toBe(403);
    expect(refused.response.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(Number(refused.response.headers.get('x-ratelimit-reset'))).toBeGreaterThan(0);
    expect((await get(double, '/rate_limit')).body).toMatchObject({
      resources: { core: { remaining: 0 } },
    });
  });

  it('answers a secondary rate limit with retry-after, once', async () => {
    double.limits.secondaryLimit(TOKEN, 1);
    const limited = await get(double, '/rate_limit');
    expect(limited.response.status).toBe(403);
    expect(limited.response.headers.get('retry-after')).toBe('1');
    expect((await get(double, '/rate_limit')).response.status).toBe(200);
  });

  it('executes GraphQL against GitHub’s schema and spends the graphql bucket', async () => {
    const { body, response } = await graphql(
      double,
      'query($o: String!, $n: String!) { viewer { login } repository(owner: $o, name: $n) { nameWithOwner stargazerCount owner { login } } rateLimit { remaining cost } }',
      { o: 'octocat', n: 'hello' },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toMatchObject({
      viewer: { login: 'octocat' },
      repository: {
        nameWithOwner: 'octocat/hello',
        stargazerCount: 3,
        owner: { login: 'octocat' },
      },
    });
    expect(response.headers.get('x-ratelimit-resource')).toBe('graphql');
  });

  it('rejects what GitHub rejects: unknown field, missing argument, first over 100, no first', async () => {
    const unknown = await graphql(double, '{ viewer { loginName } }');
    expect(unknown.body.errors?.[0]?.message).toContain('Cannot query field "loginName"');
    const missing = await graphql(double, '{ repository(owner: "octocat") { name } }');
    expect(missing.body.errors?.[0]?.message).toContain('argument "name"');
    const tooMany = await graphql(
      double,
      'query($n: Int!) { repository(owner: "octocat", name: "hello") { pullRequests(first: $n) { totalCount } } }',
      { n: 101 },
    );
    expect(tooMany.body.errors?.[0]?.message).toBe(
      'Requesting 101 records on the `pullRequests` connection exceeds the `first` limit of 100 records.',
    );
    const unpaged = await graphql(
      double,
      '{ repository(owner: "octocat", name: "hello") { pullRequests { totalCount } } }',
    );
    expect(unpaged.body.errors?.[0]?.message).toContain(
      'You must provide a `first` or `last` value',
    );
  });
});

afterAll(async () => {
  // Every REST answer served above, checked against GitHub's OpenAPI description.
  const document = openApiDereferenced();
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const served = doubles.flatMap((double) => double.served);
  expect(new Set(served.map((s) => `${s.path} ${s.status}`)).size).toBeGreaterThanOrEqual(6);
  for (const answer of served) {
    const operation = document.paths[answer.path]?.[answer.method];
    expect(operation, `${answer.method} ${answer.path} is a GitHub operation`).toBeDefined();
    // GitHub answers bad credentials (401), rate limits (403) and, under /repos/{owner}/{repo},
    // a repository it does not show (404) on every operation, documented or not, with its
    // basic-error shape; any other status must be one the operation documents.
    const response = operation!.responses[String(answer.status)];
    if (answer.status === 204) {
      // No content: documented as such, and the double sent none.
      expect(response?.content, `${answer.path} 204 documents no body`).toBeUndefined();
      expect([undefined, ''], `${answer.path} 204 sent no body`).toContain(answer.body);
      continue;
    }
    const crossCutting =
      !response &&
      ([401, 403].includes(answer.status) ||
        (answer.status === 404 && answer.path.startsWith('/repos/{owner}/{repo}')));
    expect(crossCutting || response, `${answer.path} documents ${answer.status}`).toBeTruthy();
    const schema = crossCutting
      ? openApi().components.schemas['basic-error']
      : response!.content?.['application/json']?.schema;
    expect(schema, `${answer.path} ${answer.status} has a JSON schema`).toBeDefined();
    const valid = ajv.validate(nullableAsAnyOf(schema) as object, answer.body);
    expect(valid, `${answer.path} ${answer.status}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
  }
  await Promise.all(doubles.map((double) => double.close()));
}, 60_000);

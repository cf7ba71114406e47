import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import {
  startGitHubDouble,
  type DoubleRepository,
  type GitHubDouble,
} from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';

/** `GET /api/repos/github` against the GitHub double: the user's repositories, newest push first. */
const TOKEN = 'gho_ayse';
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

// 250 of Ayşe's own (pushed on days 0..249), one she collaborates on, one private of someone else.
const repositories: DoubleRepository[] = [
  ...Array.from({ length: 250 }, (_, n) => ({
    owner: 'ayse',
    name: `service-${n}`,
    pushedAt: day(n),
    language: 'TypeScript',
  })),
  { owner: 'acme', name: 'platform', collaborators: ['ayse'], pushedAt: day(300), stargazers: 9 },
  { owner: 'acme', name: 'hidden', private: true, pushedAt: day(400) },
];

let double: GitHubDouble;
const tokens = new Map<string, string>();
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'ayse', id: 7 } },
    repositories,
  });
});
afterAll(async () => double?.close());
const context = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: undefined };
    },
  },
  deps: () => ({ githubUserToken: async (userId: string) => tokens.get(userId) ?? null }),
  startQueue: false,
});

async function ayse() {
  const { user, token } = await registerUser(context.app);
  tokens.set(user.id, TOKEN);
  return bearer(token);
}

describe('GET /api/repos/github', () => {
  it('lists every repository the user can pick, newest push first, paginated', async () => {
    const headers = await ayse();
    const before = double.requests.length;
    const response = await context.app.inject({
      url: '/api/repos/github?per_page=3&page=1',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.total).toBe(251);
    expect(data.repositories.map((r: { fullName: string }) => r.fullName)).toEqual([
      'acme/platform',
      'ayse/service-249',
      'ayse/service-248',
    ]);
    expect(data.repositories[0]).toMatchObject({ stargazers: 9, private: false });
    expect(data).toMatchObject({ stale: false, truncated: false, page: 1, per_page: 3 });
    // 251 repositories: three pages of 100 from GitHub.
    expect(double.requests.slice(before).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('asks again with ETags: unchanged pages answer 304 and spend no rate limit', async () => {
    const headers = await ayse();
    await context.app.inject({ url: '/api/repos/github', headers });
    const spent = double.limits.bucket(TOKEN, 'core').used;
    const before = double.requests.length;
    const again = await context.app.inject({ url: '/api/repos/github?page=2', headers });
    expect(again.json().data.repositories[0].fullName).toBe('ayse/service-220');
    expect(double.requests.slice(before).map((r) => r.status)).toEqual([304, 304, 304]);
    expect(double.limits.bucket(TOKEN, 'core').used).toBe(spent);
  });

  it('searches owner/name and description, case-insensitively', async () => {
    const headers = await ayse();
    const response = await context.app.inject({
      url: `/api/repos/github?search=${encodeURIComponent('ACME/')}`,
      headers,
    });
    expect(response.json().data).toMatchObject({ total: 1 });
    expect(response.json().data.repositories[0].fullName).toBe('acme/platform');
  });

  it('serves the stored list marked stale when the rate limit is used up', async () => {
    const headers = await ayse();
    await context.app.inject({ url: '/api/repos/github', headers });
    double.limits.exhaust(TOKEN, 'core');
    const response = await context.app.inject({ url: '/api/repos/github', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ total: 251, stale: true });
    expect(Date.parse(response.json().data.storedAt)).not.toBeNaN();
  });

  it('says 409 GITHUB_NOT_CONNECTED for a user without a GitHub account', async () => {
    const { token } = await registerUser(context.app);
    const response = await context.app.inject({ url: '/api/repos/github', headers: bearer(token) });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe(ErrorCodes.githubNotConnected);
  });

  it('refuses a page size over 100 with a validation error', async () => {
    const headers = await ayse();
    const response = await context.app.inject({ url: '/api/repos/github?per_page=101', headers });
    expect(response.statusCode).toBe(400);
  });
});

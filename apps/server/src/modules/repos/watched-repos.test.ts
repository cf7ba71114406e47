import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, WatchedRepoMessages } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { useTestApp } from '../../testing/test-app.js';

/** Watched repositories (spec §7 Repos): per user, checked with GitHub, idempotent. */
const AYSE = 'gho_ayse';
let double: GitHubDouble;
const tokens = new Map<string, string>();
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: { [AYSE]: { login: 'ayse', id: 7 } },
    repositories: [
      { owner: 'Acme', name: 'Platform' },
      { owner: 'ayse', name: 'notes', private: true },
      { owner: 'bora', name: 'diary', private: true },
    ],
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
  tokens.set(user.id, AYSE);
  return bearer(token);
}

const watch = (headers: Record<string, string>, payload: Record<string, unknown> | unknown[]) =>
  context.app.inject({ method: 'POST', url: '/api/repos/watch', headers, payload });

describe('watched repositories', () => {
  it('watches a repository under the name GitHub gives it, once however often asked', async () => {
    const headers = await ayse();
    const first = await watch(headers, { owner: 'acme', repo: 'platform' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      created: true,
      repository: { forge: 'github', owner: 'Acme', repo: 'Platform', full_name: 'Acme/Platform' },
    });
    const again = await watch(headers, { owner: 'ACME', repo: 'PLATFORM' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.created).toBe(false);
    expect(again.json().data.repository.watched_at).toBe(first.json().data.repository.watched_at);
    await watch(headers, { owner: 'ayse', repo: 'notes' });
    const list = await context.app.inject({ url: '/api/repos/watched', headers });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .data.repositories.map((r: { full_name: string; private: boolean }) => [
          r.full_name,
          r.private,
        ]),
    ).toEqual([
      ['Acme/Platform', false],
      ['ayse/notes', true],
    ]);
  });

  it('keeps each user their own list', async () => {
    const headers = await ayse();
    await watch(headers, { owner: 'acme', repo: 'platform' });
    const other = await ayse();
    const list = await context.app.inject({ url: '/api/repos/watched', headers: other });
    expect(list.json().data.repositories).toEqual([]);
  });

  it('answers 404 for a repository GitHub does not have or does not show this user', async () => {
    const headers = await ayse();
    for (const payload of [
      { owner: 'acme', repo: 'missing' },
      { owner: 'bora', repo: 'diary' },
    ]) {
      const response = await watch(headers, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toMatchObject({
        code: ErrorCodes.githubNotFound,
        message: WatchedRepoMessages.notOnGitHub,
      });
    }
    const list = await context.app.inject({ url: '/api/repos/watched', headers });
    expect(list.json().data.repositories).toEqual([]);
  });

  it('refuses names GitHub would never accept, before asking GitHub', async () => {
    const headers = await ayse();
    const before = double.requests.length;
    for (const payload of [
      { owner: '-acme', repo: 'x' },
      { owner: 'acme', repo: '..' },
      { owner: 'acme', repo: 'a/b' },
      { owner: 'acme' },
      ['acme', 'x'],
    ]) {
      const response = await watch(headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect(double.requests.length).toBe(before);
  });

  it('unwatches, then says 404 for a repository not watched', async () => {
    const headers = await ayse();
    await watch(headers, { owner: 'acme', repo: 'platform' });
    const removed = await context.app.inject({
      method: 'DELETE',
      url: '/api/repos/watch/acme/platform',
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({ owner: 'Acme', repo: 'Platform', deleted: true });
    const again = await context.app.inject({
      method: 'DELETE',
      url: '/api/repos/watch/acme/platform',
      headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(WatchedRepoMessages.notWatching);
  });

  it('needs a signed-in user', async () => {
    const response = await context.app.inject({ url: '/api/repos/watched' });
    expect(response.statusCode).toBe(401);
  });
});

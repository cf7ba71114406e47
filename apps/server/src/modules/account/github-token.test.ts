import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { githubAccounts, githubPersonalTokens } from '../../db/schema/index.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { startGitHubDouble, type GitHubDouble } from '../../testing/github-double/index.js';
import { testConfig } from '../../testing/test-config.js';
import { useTestApp } from '../../testing/test-app.js';

// A personal GitHub token connected in the settings, checked against the GitHub double's
// `GET /user` (GitHub's own example answer, with `x-oauth-scopes`), on the real database and with
// the composition root's own choice of token (no test token source).
const CLASSIC = 'ghp_classic_all_scopes';
const NARROW = 'ghp_classic_public_only';
const FINE_GRAINED = 'github_pat_fine_grained';
const SIGN_IN = 'gho_sign_in_token';
const SERVER = 'ghp_server_token';
const KEY = testConfig().encryptionKey;

let double: GitHubDouble;
beforeAll(async () => {
  double = await startGitHubDouble({
    tokens: {
      [CLASSIC]: { login: 'ayse-gh', id: 11, scopes: ['repo', 'admin:org', 'gist'] },
      [NARROW]: { login: 'ayse-gh', id: 11, scopes: ['public_repo', 'read:user'] },
      [FINE_GRAINED]: { login: 'ayse-gh', id: 11 },
      [SIGN_IN]: { login: 'ayse-signin', id: 11 },
      [SERVER]: { login: 'rota-bot', id: 2 },
    },
  });
});
afterAll(async () => double?.close());
const ctx = useTestApp({
  config: {
    get github() {
      return { apiUrl: double.apiUrl, webUrl: double.webUrl, oauth: null, token: SERVER };
    },
  },
  startQueue: false,
});

const tokenRoute = (token: string, method: 'GET' | 'PUT' | 'DELETE', payload?: unknown) =>
  ctx.app.inject({
    method,
    url: '/api/user/github-token',
    headers: bearer(token),
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** Gives the user a GitHub sign-in token, as the oauth callback stores it. */
async function linkSignIn(userId: string) {
  await ctx.database.db.insert(githubAccounts).values({
    userId,
    githubId: 11,
    login: 'ayse-signin',
    accessTokenEnc: encryptSecret(SIGN_IN, KEY),
  });
}

/** The token GitHub saw on the app's latest call to `/rate_limit` for the user. */
async function credentialUsedFor(token: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/rate-limit/github',
    headers: bearer(token),
  });
  expect(response.statusCode).toBe(200);
  return double.requests.filter((request) => request.url === '/rate_limit').at(-1)!.caller;
}

describe('PUT /api/user/github-token', () => {
  it('checks the token with GitHub, keeps it encrypted and answers the login and scopes, never the token', async () => {
    const account = await registerUser(ctx.app);
    const response = await tokenRoute(account.token, 'PUT', { token: ` ${CLASSIC} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      personal: {
        login: 'ayse-gh',
        scopes: ['repo', 'admin:org', 'gist'],
        missingScopes: [],
        checkedAt: expect.stringMatching(/^\d{4}-/),
      },
      signIn: null,
      inUse: 'personal',
    });
    expect(response.body).not.toContain(CLASSIC);
    const [row] = await ctx.database.db
      .select()
      .from(githubPersonalTokens)
      .where(eq(githubPersonalTokens.userId, account.user.id));
    expect(row!.tokenEnc).not.toContain(CLASSIC);
    expect(decryptSecret(row!.tokenEnc, KEY)).toBe(CLASSIC);
    expect(
      double.requests.some((request) => request.url === '/user' && request.caller === CLASSIC),
    ).toBe(true);
  });

  it('names the scopes Rota needs that the token lacks', async () => {
    const account = await registerUser(ctx.app);
    const response = await tokenRoute(account.token, 'PUT', { token: NARROW });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.personal).toMatchObject({
      scopes: ['public_repo', 'read:user'],
      missingScopes: ['repo', 'read:org'],
    });
  });

  it('takes a fine-grained token, whose permissions GitHub does not list as scopes', async () => {
    const account = await registerUser(ctx.app);
    const response = await tokenRoute(account.token, 'PUT', { token: FINE_GRAINED });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.personal).toMatchObject({ scopes: null, missingScopes: [] });
  });

  it('refuses a token GitHub refuses (401 there) with 400 on the token, and keeps what was connected', async () => {
    const account = await registerUser(ctx.app);
    await tokenRoute(account.token, 'PUT', { token: CLASSIC });
    const response = await tokenRoute(account.token, 'PUT', { token: 'ghp_revoked_or_made_up' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: M.githubTokenRejected,
      errors: [{ path: 'token', message: M.githubTokenRejected }],
    });
    const status = await tokenRoute(account.token, 'GET');
    expect(status.json().data.personal.scopes).toEqual(['repo', 'admin:org', 'gist']);
    expect(await credentialUsedFor(account.token)).toBe(CLASSIC);
  });

  it.each([
    [{ token: '' }, M.required],
    [{}, M.required],
    [{ token: 'has space' }, M.githubTokenRejected],
  ])('validates %j before asking GitHub', async (payload, message) => {
    const account = await registerUser(ctx.app);
    const asked = double.requests.length;
    const response = await tokenRoute(account.token, 'PUT', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toEqual([{ path: 'token', message }]);
    expect(double.requests.length).toBe(asked);
  });
});

describe('which token Rota uses for the user', () => {
  it('the personal token, else the sign-in token, else the server token; GET says which', async () => {
    const account = await registerUser(ctx.app);
    const status = async () => (await tokenRoute(account.token, 'GET')).json().data;
    expect(await status()).toEqual({ personal: null, signIn: null, inUse: 'server' });
    expect(await credentialUsedFor(account.token)).toBe(SERVER);

    await linkSignIn(account.user.id);
    expect(await status()).toMatchObject({ signIn: { login: 'ayse-signin' }, inUse: 'sign-in' });
    expect(await credentialUsedFor(account.token)).toBe(SIGN_IN);

    await tokenRoute(account.token, 'PUT', { token: CLASSIC });
    expect(await status()).toMatchObject({ personal: { login: 'ayse-gh' }, inUse: 'personal' });
    expect(await credentialUsedFor(account.token)).toBe(CLASSIC);

    const disconnected = await tokenRoute(account.token, 'DELETE');
    expect(disconnected.statusCode).toBe(200);
    expect(disconnected.json().data).toMatchObject({ personal: null, inUse: 'sign-in' });
    expect(await credentialUsedFor(account.token)).toBe(SIGN_IN);
  });

  it("is each user's own: one user's token never serves another", async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    await tokenRoute(first.token, 'PUT', { token: CLASSIC });
    expect((await tokenRoute(second.token, 'GET')).json().data.inUse).toBe('server');
    expect(await credentialUsedFor(second.token)).toBe(SERVER);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { githubAccounts } from '../../db/schema/index.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { octocat, useOAuthDouble, walkSignIn } from '../../testing/github-oauth-flow.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';

// POST /api/oauth/refresh-token: GitHub App user tokens expire after 8 hours and come with a
// refresh token; Rota trades it for a new pair and stores both, encrypted.
const github = useOAuthDouble();
const ctx = useTestApp({ config: github.config });
const KEY = testConfig().encryptionKey;

async function signInWithGitHub(expiring: boolean) {
  github.control.signedIn = octocat();
  github.control.expiringTokens = expiring;
  const { fragment } = await walkSignIn(ctx.app);
  const token = fragment.get('token')!;
  const verify = await ctx.app.inject({
    method: 'GET',
    url: '/api/auth/verify',
    headers: bearer(token),
  });
  return { token, userId: verify.json().data.user.id as string };
}

async function account(userId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, userId));
  return row!;
}

const refresh = (token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/oauth/refresh-token',
    headers: token ? bearer(token) : {},
  });

describe('POST /api/oauth/refresh-token', () => {
  it('refreshes an expiring GitHub token and stores the new pair, again and again', async () => {
    const { token, userId } = await signInWithGitHub(true);
    const before = await account(userId);
    expect(before.accessTokenExpiresAt).not.toBeNull();
    expect(before.refreshTokenEnc).not.toBeNull();

    const first = await refresh(token);
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(Date.parse(data.expiresAt)).toBeGreaterThan(ctx.clock.now);
    expect(Date.parse(data.refreshTokenExpiresAt)).toBeGreaterThan(Date.parse(data.expiresAt));
    const after = await account(userId);
    expect(decryptSecret(after.accessTokenEnc, KEY)).toBe(github.control.issuedTokens.at(-1));
    expect(decryptSecret(after.accessTokenEnc, KEY)).not.toBe(
      decryptSecret(before.accessTokenEnc, KEY),
    );
    expect(decryptSecret(after.refreshTokenEnc!, KEY)).not.toBe(
      decryptSecret(before.refreshTokenEnc!, KEY),
    );
    // GitHub's refresh tokens are single-use: the second refresh only works with the stored new one.
    expect((await refresh(token)).statusCode).toBe(200);
  });

  it('says there is nothing to refresh when the GitHub token does not expire', async () => {
    const { token } = await signInWithGitHub(false);
    const response = await refresh(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'GITHUB_TOKEN_NOT_EXPIRING',
      message: 'Your GitHub token does not expire, so there is nothing to refresh.',
    });
  });

  it('tells a password-only user to sign in with GitHub first', async () => {
    const { token } = await registerUser(ctx.app);
    const response = await refresh(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('GITHUB_ACCOUNT_NOT_LINKED');
  });

  it('asks to sign in with GitHub again when GitHub rejects the stored refresh token', async () => {
    const { token, userId } = await signInWithGitHub(true);
    // A refresh token GitHub no longer knows (revoked, or spent elsewhere).
    await ctx.database.db
      .update(githubAccounts)
      .set({ refreshTokenEnc: encryptSecret('ghr_revoked', KEY) })
      .where(eq(githubAccounts.userId, userId));
    const response = await refresh(token);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('GITHUB_REFRESH_REJECTED');
  });

  it('requires a signed-in user', async () => {
    expect((await refresh()).statusCode).toBe(401);
  });
});

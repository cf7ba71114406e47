import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { githubAccounts, oauthStates, users } from '../../db/schema/index.js';
import { decryptSecret } from '../../lib/crypto.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import {
  octocat,
  useOAuthDouble,
  walkSignIn,
  finishCallback,
} from '../../testing/github-oauth-flow.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';
import { GITHUB_SCOPES, STATE_TTL_MS } from './service.js';

// Sign-in with GitHub end to end on the server: Rota's routes, the real database, and the GitHub
// double on loopback answering the authorize page, the code exchange, /user and /user/emails.
const github = useOAuthDouble();
const ctx = useTestApp({ config: github.config });
const TEST_ENCRYPTION_KEY = testConfig().encryptionKey;

async function accountOf(userId: string) {
  const [row] = await ctx.database.db
    .select()
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, userId));
  return row;
}

function resetDouble() {
  Object.assign(github.control, {
    deny: false,
    exchangeError: null,
    expiringTokens: false,
    apiDown: false,
  });
  github.control.signedIn = octocat();
}

describe('GET /api/oauth/github', () => {
  it('redirects to GitHub with the client, scopes, callback and a state bound by cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/oauth/github' });
    expect(response.statusCode).toBe(302);
    const target = new URL(String(response.headers.location));
    expect(`${target.origin}${target.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(target.searchParams.get('client_id')).toBe('Iv1.rota-test-client');
    expect(target.searchParams.get('scope')).toBe(GITHUB_SCOPES.join(' '));
    expect(target.searchParams.get('redirect_uri')).toBe(
      'http://localhost:3000/api/oauth/github/callback',
    );
    const state = target.searchParams.get('state')!;
    expect(state.length).toBeGreaterThanOrEqual(40);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^rota_oauth_key=[\w-]{40,}; Path=\/api\/oauth\/github; Max-Age=600/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    // Kept in the database (every API process sees it), and only as hashes.
    const rows = await ctx.database.db.select().from(oauthStates);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.stateHash).not.toBe(state);
    expect(cookie).not.toContain(rows[0]!.browserKeyHash);
  });

  it('tells the login page that GitHub sign-in is on', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.json().data.github).toEqual({ enabled: true, reason: null });
  });
});

describe('GET /api/oauth/github/callback', () => {
  it('creates an account for a new GitHub user and hands tokens over in the fragment', async () => {
    resetDouble();
    const { location, fragment } = await walkSignIn(ctx.app, { next: '/projects?tab=2' });
    expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/auth/callback');
    expect(location.search).toBe('');
    expect(fragment.get('next')).toBe('/projects?tab=2');
    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(fragment.get('token')!),
    });
    expect(verify.statusCode).toBe(200);
    const user = verify.json().data.user;
    expect(user).toMatchObject({ email: 'octocat@example.com', name: 'The Octocat' });
    expect(user.avatar).toBe('https://avatars.githubusercontent.com/u/583231?v=4');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: fragment.get('refreshToken') },
    });
    expect(refreshed.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toBeNull();
    const account = await accountOf(user.id);
    expect(account).toMatchObject({ githubId: 583231, login: 'octocat', forge: 'github' });
    const issued = github.control.issuedTokens.at(-1)!;
    expect(account!.accessTokenEnc).not.toContain(issued);
    expect(decryptSecret(account!.accessTokenEnc, TEST_ENCRYPTION_KEY)).toBe(issued);
    expect(account!.accessTokenExpiresAt).toBeNull();
    expect(account!.refreshTokenEnc).toBeNull();
  });

  it('links to the existing account with the same verified e-mail instead of making another', async () => {
    resetDouble();
    const existing = await registerUser(ctx.app, { email: 'octocat@example.com' });
    const { fragment } = await walkSignIn(ctx.app);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(fragment.get('token')!),
    });
    expect(verify.json().data.user.id).toBe(existing.user.id);
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
    expect(await accountOf(existing.user.id)).toMatchObject({ githubId: 583231 });
    // The password still works: linking adds a way in, it takes none away.
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'octocat@example.com', password: existing.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('finds a linked account by its GitHub id even after the e-mail changed on GitHub', async () => {
    resetDouble();
    const first = await walkSignIn(ctx.app);
    github.control.signedIn = octocat({
      emails: [{ email: 'new-address@example.com', primary: true, verified: true }],
    });
    const second = await walkSignIn(ctx.app);
    const ids = await Promise.all(
      [first, second].map(async ({ fragment }) => {
        const verify = await ctx.app.inject({
          method: 'GET',
          url: '/api/auth/verify',
          headers: bearer(fragment.get('token')!),
        });
        return verify.json().data.user.id as string;
      }),
    );
    expect(ids[1]).toBe(ids[0]);
    expect(await ctx.database.db.select().from(users)).toHaveLength(1);
  });

  it('reports a denied authorisation and creates nothing', async () => {
    resetDouble();
    github.control.deny = true;
    const { fragment } = await walkSignIn(ctx.app);
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.has('token')).toBe(false);
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a state that was tampered with, or arrives without its cookie or with another', async () => {
    resetDouble();
    const forged = await walkSignIn(ctx.app, {
      tamper: (callback, cookie) => {
        callback.searchParams.set('state', 'forged-state-value-forged-state-value-forged');
        return { callback, cookie };
      },
    });
    expect(forged.fragment.get('error')).toBe('invalid_state');
    const cookieless = await walkSignIn(ctx.app, {
      tamper: (callback) => ({ callback, cookie: undefined }),
    });
    expect(cookieless.fragment.get('error')).toBe('invalid_state');
    // An attacker's own valid state, planted in the victim's browser (login CSRF).
    const attacker = await walkSignIn(ctx.app, {
      tamper: (callback) => ({ callback, cookie: 'rota_oauth_key=victims-own-key' }),
    });
    expect(attacker.fragment.get('error')).toBe('invalid_state');
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('accepts a state once: the same callback a second time fails', async () => {
    resetDouble();
    const first = await walkSignIn(ctx.app);
    expect(first.fragment.has('token')).toBe(true);
    const replay = await finishCallback(ctx.app, first.callbackUrl, first.cookie);
    expect(replay.fragment.get('error')).toBe('invalid_state');
  });

  it('refuses a state older than its lifetime', async () => {
    resetDouble();
    const late = await walkSignIn(ctx.app, {
      tamper: (callback, cookie) => {
        ctx.clock.now += STATE_TTL_MS + 1000;
        return { callback, cookie };
      },
    });
    expect(late.fragment.get('error')).toBe('invalid_state');
  });

  it('reports a failed code exchange', async () => {
    resetDouble();
    github.control.exchangeError = 'bad_verification_code';
    const { fragment } = await walkSignIn(ctx.app);
    expect(fragment.get('error')).toBe('exchange_failed');
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('refuses a GitHub user without a verified primary e-mail', async () => {
    resetDouble();
    github.control.signedIn = octocat({
      emails: [
        { email: 'unverified@example.com', primary: true, verified: false },
        { email: 'other@example.com', primary: false, verified: true },
      ],
    });
    const { fragment } = await walkSignIn(ctx.app);
    expect(fragment.get('error')).toBe('no_verified_email');
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('reports GitHub being unreachable after the exchange, and creates nothing', async () => {
    resetDouble();
    github.control.apiDown = true;
    const { fragment } = await walkSignIn(ctx.app);
    expect(fragment.get('error')).toBe('github_unavailable');
    expect(await ctx.database.db.select().from(users)).toHaveLength(0);
  });

  it('drops a return path that leaves the site', async () => {
    resetDouble();
    const { fragment } = await walkSignIn(ctx.app, { next: '//evil.example/login' });
    expect(fragment.has('token')).toBe(true);
    expect(fragment.has('next')).toBe(false);
  });
});

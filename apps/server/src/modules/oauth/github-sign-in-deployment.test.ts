import { describe, expect, it } from 'vitest';
import { oauthStates } from '../../db/schema/index.js';
import { bearer } from '../../testing/auth-helpers.js';
import { useOAuthDouble, walkSignIn } from '../../testing/github-oauth-flow.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';

// How an operator's setup shapes sign-in: GitHub Enterprise Server keeps its REST API under
// /api/v3 (nothing may assume api.github.com), and the per-client limit: starting a sign-in writes a
// state row without any account, so a client may start only as many as it may attempt password
// sign-ins (AUTH_RATE_LIMIT_PER_IP), or anyone could fill the table.
const github = useOAuthDouble({ apiPrefix: '/api/v3' });
const ctx = useTestApp({
  config: {
    get github() {
      return github.config.github!;
    },
    authRateLimit: { ...testConfig().authRateLimit, perIp: 3 },
  },
});

describe('sign-in with GitHub Enterprise Server', () => {
  it('reads the user from GITHUB_API_URL with its /api/v3 path', async () => {
    const { fragment } = await walkSignIn(ctx.app);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(fragment.get('token')!),
    });
    expect(verify.json().data.user.email).toBe('octocat@example.com');
  });
});

describe('GET /api/oauth/github, started too often', () => {
  it('answers 429 with Retry-After past the per-client limit, and stores no more states', async () => {
    const start = () =>
      ctx.app.inject({ method: 'GET', url: '/api/oauth/github', remoteAddress: '203.0.113.9' });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await start()).statusCode).toBe(302);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(oauthStates)).toHaveLength(3);
    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/api/oauth/github',
      remoteAddress: '198.51.100.4',
    });
    expect(elsewhere.statusCode).toBe(302);
  });
});

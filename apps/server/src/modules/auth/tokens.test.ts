import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto.js';
import { useTestApp } from '../../testing/test-app.js';
import { testConfig } from '../../testing/test-config.js';
import { createProject } from '../../testing/project-helpers.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { deleteExpiredRefreshTokens, findRefreshTokenByHash } from './queries.js';

const ctx = useTestApp();

const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });
const verify = (headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/verify', headers });

describe('POST /api/auth/refresh', () => {
  it('rotates: a new access token and a new refresh token that works in turn', async () => {
    const { refreshToken, user } = await registerUser(ctx.app);
    const first = await refresh(refreshToken);
    expect(first.statusCode).toBe(200);
    const rotated = first.json().data;
    expect(rotated.refreshToken).not.toBe(refreshToken);
    expect((await verify(bearer(rotated.token))).json().data.user.id).toBe(user.id);
    const second = await refresh(rotated.refreshToken);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const { refreshToken } = await registerUser(ctx.app);
    const rotated = (await refresh(refreshToken)).json().data.refreshToken as string;
    const replay = await refresh(refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('REFRESH_TOKEN_REUSED');
    // The thief or the owner, whoever holds the newest token, is out too.
    const afterTheft = await refresh(rotated);
    expect(afterTheft.statusCode).toBe(401);
    expect(afterTheft.json().error.code).toBe('REFRESH_TOKEN_REUSED');
  });

  it('lets only one of two concurrent refreshes with the same token win', async () => {
    const { refreshToken } = await registerUser(ctx.app);
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('leaves other sessions of the same user alone', async () => {
    const registered = await registerUser(ctx.app);
    const otherSession = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: registered.user.email, password: registered.password },
      })
    ).json().data.refreshToken as string;
    await refresh(registered.refreshToken);
    await refresh(registered.refreshToken); // reuse: revokes the first family only
    expect((await refresh(otherSession)).statusCode).toBe(200);
  });

  it('rejects unknown and expired refresh tokens', async () => {
    const unknown = await refresh('not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('REFRESH_TOKEN_INVALID');

    const { refreshToken } = await registerUser(ctx.app);
    ctx.clock.now += 31 * 24 * 60 * 60 * 1000;
    const expired = await refresh(refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('REFRESH_TOKEN_INVALID');
  });

  it('purges tokens that expired over a day ago and keeps live ones', async () => {
    ctx.clock.now -= 32 * 24 * 60 * 60 * 1000;
    const old = await registerUser(ctx.app);
    ctx.clock.now = Date.now();
    const live = await registerUser(ctx.app);
    expect(await deleteExpiredRefreshTokens(ctx.database.db)).toBe(1);
    expect(
      await findRefreshTokenByHash(ctx.database.db, sha256Hex(old.refreshToken)),
    ).toBeUndefined();
    expect(
      await findRefreshTokenByHash(ctx.database.db, sha256Hex(live.refreshToken)),
    ).toBeDefined();
  });

  it('stores refresh tokens only as SHA-256 hashes', async () => {
    const { refreshToken } = await registerUser(ctx.app);
    const row = await findRefreshTokenByHash(ctx.database.db, sha256Hex(refreshToken));
    expect(row).toBeDefined();
    expect(row?.tokenHash).not.toContain(refreshToken);
    expect(JSON.stringify(row)).not.toContain(refreshToken);
  });

  it('validates the body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/auth/verify', () => {
  it('returns the user for a valid token', async () => {
    const { token, user } = await registerUser(ctx.app);
    const response = await verify(bearer(token));
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toEqual(user);
  });

  it('answers 401 UNAUTHORIZED without a token', async () => {
    const response = await verify({});
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('UNAUTHORIZED');
  });

  it('tells an expired token (after 15 minutes) apart from an invalid one', async () => {
    const { token } = await registerUser(ctx.app);
    ctx.clock.now += 14 * 60 * 1000;
    expect((await verify(bearer(token))).statusCode).toBe(200);
    ctx.clock.now += 2 * 60 * 1000;
    const expired = await verify(bearer(token));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Token expired' });
  });

  it('rejects tampered, foreign-key and unsigned tokens as invalid', async () => {
    const { token, user } = await registerUser(ctx.app);
    // The genuine token is verified first, so it is remembered as verified: that verdict must
    // not carry over to a token built from its parts.
    expect((await verify(bearer(token))).statusCode).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' }),
    ).toString('base64url');
    const tampered = `${header}.${forgedPayload}.${signature}`;
    const foreign = await new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('rota')
      .setAudience('rota-api')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000000'));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    for (const bad of [tampered, foreign, unsigned, 'garbage']) {
      const response = await verify(bearer(bad));
      expect(response.statusCode, bad).toBe(401);
      expect(response.json().error).toMatchObject({
        code: 'TOKEN_INVALID',
        message: 'Invalid token',
      });
    }
  });

  it('rejects a valid token whose user no longer exists', async () => {
    const { token } = await registerUser(ctx.app);
    await ctx.database.reset();
    const response = await verify(bearer(token));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('TOKEN_INVALID');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the refresh token so it can no longer be used', async () => {
    const { refreshToken } = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, data: { loggedOut: true } });
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('always succeeds, with or without a token', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(
      200,
    );
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: 'nope' },
    });
    expect(unknown.statusCode).toBe(200);
  });
});

describe('bodiless POSTs', () => {
  it('treats an empty JSON body as no body', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('explains a body that is not an object', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Request body must be a JSON object');
  });
});

describe('what an access token must carry', () => {
  const secret = new TextEncoder().encode(testConfig().jwtSecret);
  const sign = (claims: { sub?: string; exp?: boolean }) => {
    const jwt = new SignJWT({ typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('rota')
      .setAudience('rota-api')
      .setIssuedAt();
    if (claims.sub !== undefined) jwt.setSubject(claims.sub);
    if (claims.exp !== false) jwt.setExpirationTime('15m');
    return jwt.sign(secret);
  };
  const createProjectWith = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: bearer(token),
      payload: { name: 'Rota' },
    });

  it('is accepted when signed here with exp and the UUID of an existing user', async () => {
    const { user } = await registerUser(ctx.app);
    expect((await verify(bearer(await sign({ sub: user.id })))).statusCode).toBe(200);
  });

  it('is invalid without exp, even with the right key and user', async () => {
    const { user } = await registerUser(ctx.app);
    const noExp = await sign({ sub: user.id, exp: false });
    for (const response of [await verify(bearer(noExp)), await createProjectWith(noExp)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('TOKEN_INVALID');
    }
  });

  it.each(['not-a-uuid', '', '1', "' or 1=1 --"])('is invalid with the subject %j', async (sub) => {
    const token = await sign({ sub });
    for (const response of [await verify(bearer(token)), await createProjectWith(token)]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('TOKEN_INVALID');
    }
  });

  it('is invalid without a subject', async () => {
    const response = await verify(bearer(await sign({})));
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('TOKEN_INVALID');
  });
});

describe("a deleted user's token", () => {
  /** Bodies that pass validation, so authentication is what answers; a new bodied route needs one. */
  const validBodies: Record<string, unknown> = {
    'POST /api/projects': { name: 'Rota' },
    'PUT /api/projects/{id}': { name: 'Rota' },
    'POST /api/projects/{id}/repos': { url: 'https://github.com/acme/api' },
    'POST /api/projects/{id}/members': { name: 'Deniz' },
    'POST /analyze/api/repo-analyze/analyze': { repoUrl: 'https://github.com/acme/api' },
    'POST /api/repos/watch': { owner: 'acme', repo: 'api' },
    'PUT /api/user/{userId}/role': { role: 'admin' },
    'PUT /api/user/profile': { name: 'Deniz' },
    'PUT /api/user/password': { newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' },
    'PUT /api/user/github-token': { token: 'ghp_x' },
    'PUT /api/user/settings': {},
  };
  /** Path parameters a UUID cannot stand for (it would fail validation, not authentication). */
  const validPathValues: Record<string, string> = { number: '1' };

  it('answers 401 TOKEN_INVALID on every route that needs a token (from the OpenAPI document)', async () => {
    const { token, user } = await registerUser(ctx.app);
    const own = await createProject(ctx.app, token);
    await ctx.database.db.execute(sql`delete from users where id = ${user.id}`);

    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const routes = Object.entries(
      document.paths as Record<string, Record<string, { security?: unknown[] }>>,
    ).flatMap(([path, operations]) =>
      Object.entries(operations)
        // An operation listing an empty requirement takes anonymous requests too (the health check);
        // one taking a project's incident token is not signed in with a user's.
        .filter(
          ([, operation]) =>
            operation.security?.length &&
            !operation.security.some(
              (requirement) => Object.keys(requirement as object).length === 0,
            ) &&
            operation.security.some((requirement) => 'bearerAuth' in (requirement as object)),
        )
        .map(([method, _operation]) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(15);
    for (const { method, path } of routes) {
      const url = path.replace(
        /\{([^}]+)\}/g,
        (_, name: string) => validPathValues[name] ?? own.id,
      );
      const body = validBodies[`${method} ${path}`];
      const response = await ctx.app.inject({
        method: method as 'GET',
        url,
        headers: bearer(token),
        ...(body ? { payload: body as Record<string, unknown> } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json().error.code, `${method} ${path}`).toBe('TOKEN_INVALID');
    }
  });
});

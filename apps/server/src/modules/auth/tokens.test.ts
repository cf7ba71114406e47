import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/crypto.js';
import { useTestApp } from '../../testing/test-app.js';
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

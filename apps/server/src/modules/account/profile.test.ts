import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// GitHub is unreachable here (the test configuration's GITHUB_API_URL) and the server has no token.
const ctx = useTestApp({ deps: () => ({ githubRetryAfterUnitMs: 5 }), startQueue: false });

const getProfile = (token: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });
const putProfile = (token: string, payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/user/profile',
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

describe('GET /api/user/profile', () => {
  it('answers the signed-in user: name, e-mail, avatar, role, whether a password is set', async () => {
    const account = await registerUser(ctx.app, { name: 'Ayşe Yılmaz', email: 'ayse@example.com' });
    const response = await getProfile(account.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: account.user.id,
      name: 'Ayşe Yılmaz',
      email: 'ayse@example.com',
      avatar: null,
      role: 'admin',
      hasPassword: true,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/user/profile', () => {
  it('changes the name and the avatar, keeps the avatar when left out, removes it with null', async () => {
    const account = await registerUser(ctx.app);
    const avatar = 'https://avatars.githubusercontent.com/u/1?v=4';
    const saved = await putProfile(account.token, { name: '  Deniz Kaya ', avatar });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Deniz Kaya', avatar });
    const kept = await putProfile(account.token, { name: 'Deniz' });
    expect(kept.json().data).toMatchObject({ name: 'Deniz', avatar });
    const removed = await putProfile(account.token, { name: 'Deniz', avatar: null });
    expect(removed.json().data.avatar).toBeNull();
    // Sign-in answers and the session check show the new name too.
    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(account.token),
    });
    expect(verify.json().data.user).toMatchObject({ name: 'Deniz', avatar: null });
  });

  it('never changes the e-mail (it is read-only)', async () => {
    const account = await registerUser(ctx.app, { email: 'stays@example.com' });
    const response = await putProfile(account.token, { name: 'Ada', email: 'other@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe('stays@example.com');
  });

  it.each([
    [{ name: 'A' }, 'name', M.nameMin],
    [{}, 'name', M.nameMin],
    [{ name: 'Ada', avatar: 'http://example.com/me.png' }, 'avatar', M.avatarHttps],
    [{ name: 'Ada', avatar: 'javascript:alert(1)' }, 'avatar', M.avatarHttps],
  ])('refuses %j with 400 on %s and changes nothing', async (payload, path, message) => {
    const account = await registerUser(ctx.app, { name: 'Original Name' });
    const response = await putProfile(account.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message,
      errors: [{ path, message }],
    });
    expect((await getProfile(account.token)).json().data).toMatchObject({
      name: 'Original Name',
      avatar: null,
    });
  });
});

describe('GitHub token without GitHub', () => {
  it('says no token is in use when the user has none and the server has none', async () => {
    const account = await registerUser(ctx.app);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/github-token',
      headers: bearer(account.token),
    });
    expect(response.json().data).toEqual({ personal: null, signIn: null, inUse: 'none' });
  });

  it('answers 502 when GitHub cannot be reached to check a token, and keeps nothing', async () => {
    const account = await registerUser(ctx.app);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/github-token',
      headers: bearer(account.token),
      payload: { token: 'ghp_unchecked' },
    });
    expect(put.statusCode).toBe(502);
    expect(put.json().error.code).toBe('GITHUB_UNAVAILABLE');
    const status = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/github-token',
      headers: bearer(account.token),
    });
    expect(status.json().data.personal).toBeNull();
  });
});

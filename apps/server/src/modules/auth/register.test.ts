import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { useTestApp } from '../../testing/test-app.js';
import { registerUser, uniqueEmail, VALID_PASSWORD } from '../../testing/auth-helpers.js';
import { findUserByEmail } from './queries.js';

const ctx = useTestApp();

async function register(payload: unknown) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs the user in and normalises the e-mail', async () => {
    const response = await register({
      name: '  Ayşe  ',
      email: '  Ayse.Yilmaz@Example.COM ',
      password: VALID_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toEqual({
      id: expect.any(String),
      name: 'Ayşe',
      email: 'ayse.yilmaz@example.com',
      avatar: null,
    });
    expect(body.data.token.split('.')).toHaveLength(3);
    expect(body.data.refreshToken.length).toBeGreaterThanOrEqual(40);

    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(verify.json().data.user.email).toBe('ayse.yilmaz@example.com');
  });

  it('stores an argon2id hash, never the password', async () => {
    const { user } = await registerUser(ctx.app, { email: 'hash@example.com' });
    const row = await findUserByEmail(ctx.database.db, 'hash@example.com');
    expect(row?.id).toBe(user.id);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(VALID_PASSWORD);
  });

  it('answers 409 for a second account with the same e-mail in any case', async () => {
    await registerUser(ctx.app, { email: 'twice@example.com' });
    const response = await register({
      name: 'Other',
      email: 'TWICE@example.com',
      password: VALID_PASSWORD,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists',
    });
  });

  it.each([
    [{ name: 'A' }, 'name', M.nameMin],
    [{ name: '   ' }, 'name', M.nameMin],
    [{ email: 'not-an-email' }, 'email', M.invalidEmail],
    [{ email: '' }, 'email', M.invalidEmail],
    [{ password: 'Sh0rt' }, 'password', M.passwordMin],
    [{ password: 'alllowercase1' }, 'password', M.passwordUppercase],
    [{ password: 'ALLUPPERCASE1' }, 'password', M.passwordLowercase],
    [{ password: 'NoDigitsHere' }, 'password', M.passwordNumber],
  ])('rejects %j with "%s: %s" and creates nothing', async (override, path, message) => {
    const email = uniqueEmail();
    const response = await register({
      name: 'Valid Name',
      email,
      password: VALID_PASSWORD,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.errors).toContainEqual({ path, message });
    expect(await findUserByEmail(ctx.database.db, email)).toBeUndefined();
  });

  it('lists every broken rule at once', async () => {
    const response = await register({ name: 'A', email: 'x', password: 'abc' });
    const paths = response.json().error.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'password']));
    expect(response.json().error.errors).toContainEqual({
      path: 'password',
      message: M.passwordNumber,
    });
  });

  it('reports missing fields with the same messages', async () => {
    const response = await register({});
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: M.nameMin },
        { path: 'email', message: M.invalidEmail },
        { path: 'password', message: M.passwordMin },
      ]),
    );
  });

  it('rejects a body that is not JSON with a clear 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Request body is not valid JSON',
    });
  });
});

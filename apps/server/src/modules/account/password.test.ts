import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { bearer, registerUser, VALID_PASSWORD } from '../../testing/auth-helpers.js';
import { octocat, useOAuthDouble, walkSignIn } from '../../testing/github-oauth-flow.js';
import { useTestApp } from '../../testing/test-app.js';

const github = useOAuthDouble();
// Three wrong passwords per e-mail and client, as sign-in counts them.
const ctx = useTestApp({
  config: {
    // Read when the app is built, after the double listens.
    get github() {
      return github.config.github!;
    },
    authRateLimit: { windowMs: 60_000, perIp: 1000, perEmailIp: 3, perEmail: 1000 },
  },
});

const NEW_PASSWORD = 'N3wSecret!';

const changePassword = (token: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/password', headers: bearer(token), payload });

const login = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

const refresh = (refreshToken: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refreshToken } });

describe('PUT /api/user/password', () => {
  it('replaces the password and answers fresh tokens that work', async () => {
    const account = await registerUser(ctx.app);
    const response = await changePassword(account.token, {
      currentPassword: VALID_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().data as { token: string; refreshToken: string };
    expect(Object.keys(fresh).sort()).toEqual(['refreshToken', 'token']);
    const verify = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/verify',
      headers: bearer(fresh.token),
    });
    expect(verify.statusCode).toBe(200);
    expect((await refresh(fresh.refreshToken)).statusCode).toBe(200);
    expect((await login(account.user.email, VALID_PASSWORD)).statusCode).toBe(401);
    expect((await login(account.user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("ends every other session: their refresh tokens no longer work, the caller's new one does", async () => {
    const account = await registerUser(ctx.app);
    const laptop = (await login(account.user.email, VALID_PASSWORD)).json().data;
    const phone = (await login(account.user.email, VALID_PASSWORD)).json().data;
    const response = await changePassword(laptop.token, {
      currentPassword: VALID_PASSWORD,
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    for (const old of [phone.refreshToken, laptop.refreshToken, account.refreshToken]) {
      const refused = await refresh(old);
      expect(refused.statusCode).toBe(401);
    }
    const renewed = await refresh(response.json().data.refreshToken);
    expect(renewed.statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 on currentPassword, counted like a sign-in', async () => {
    const account = await registerUser(ctx.app);
    const wrong = {
      currentPassword: 'Wr0ngPassword',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await changePassword(account.token, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: M.currentPasswordWrong,
        errors: [{ path: 'currentPassword', message: M.currentPasswordWrong }],
      });
    }
    // The allowance of wrong passwords is spent, for this route and for signing in alike.
    const limited = await changePassword(account.token, {
      ...wrong,
      currentPassword: VALID_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login(account.user.email, VALID_PASSWORD)).statusCode).toBe(429);
    // The password did not change: the session it started still renews.
    expect((await refresh(account.refreshToken)).statusCode).toBe(200);
  });

  it.each([
    [
      { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'currentPassword',
      M.loginPasswordMin,
    ],
    [
      { currentPassword: '12345', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      'currentPassword',
      M.loginPasswordMin,
    ],
    [
      { currentPassword: VALID_PASSWORD, newPassword: 'short1A', confirmPassword: 'short1A' },
      'newPassword',
      M.passwordMin,
    ],
    [
      { currentPassword: VALID_PASSWORD, newPassword: 'alllower1', confirmPassword: 'alllower1' },
      'newPassword',
      M.passwordUppercase,
    ],
    [
      { currentPassword: VALID_PASSWORD, newPassword: 'ALLUPPER1', confirmPassword: 'ALLUPPER1' },
      'newPassword',
      M.passwordLowercase,
    ],
    [
      {
        currentPassword: VALID_PASSWORD,
        newPassword: 'NoDigitsHere',
        confirmPassword: 'NoDigitsHere',
      },
      'newPassword',
      M.passwordNumber,
    ],
    [
      { currentPassword: VALID_PASSWORD, newPassword: NEW_PASSWORD, confirmPassword: 'Other1Pass' },
      'confirmPassword',
      M.passwordsDontMatch,
    ],
  ])("answers spec §5's message for %j", async (payload, path, message) => {
    const account = await registerUser(ctx.app);
    const response = await changePassword(account.token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toContainEqual({ path, message });
    expect((await login(account.user.email, VALID_PASSWORD)).statusCode).toBe(200);
  });

  it('lets an account made through GitHub sign-in set its first password without a current one', async () => {
    github.control.signedIn = octocat();
    const handOver = await walkSignIn(ctx.app);
    const token = handOver.fragment.get('token')!;
    const before = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(token),
    });
    expect(before.json().data).toMatchObject({ email: 'octocat@example.com', hasPassword: false });

    const set = await changePassword(token, {
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(set.statusCode).toBe(200);
    expect((await login('octocat@example.com', NEW_PASSWORD)).statusCode).toBe(200);
    const fresh = set.json().data.token as string;
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: bearer(fresh),
    });
    expect(after.json().data.hasPassword).toBe(true);
    // From now on the password it has is asked for.
    const again = await changePassword(fresh, {
      newPassword: 'An0therOne',
      confirmPassword: 'An0therOne',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.errors).toEqual([
      { path: 'currentPassword', message: M.loginPasswordMin },
    ]);
  });
});

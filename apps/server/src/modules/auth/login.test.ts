import { describe, expect, it } from 'vitest';
import { ValidationMessages as M } from '@rota/contracts';
import { useTestApp } from '../../testing/test-app.js';
import { registerUser } from '../../testing/auth-helpers.js';

const ctx = useTestApp();

function login(email: string, password: string) {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the e-mail case and spacing', async () => {
    const registered = await registerUser(ctx.app, { email: 'login@example.com' });
    const response = await login('  LOGIN@example.com ', registered.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.user).toEqual(registered.user);
    expect(response.json().data.refreshToken).not.toBe(registered.refreshToken);
  });

  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const registered = await registerUser(ctx.app, { email: 'known@example.com' });
    const wrong = await login('known@example.com', `${registered.password}x`);
    const unknown = await login('nobody@example.com', registered.password);
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password',
      });
    }
  });

  it('takes about as long for an unknown e-mail as for a wrong password', async () => {
    // Without the dummy hash an unknown e-mail answers ~30x faster, which tells an attacker
    // which e-mails have accounts. The bound is loose so a busy machine cannot make it flaky.
    await registerUser(ctx.app, { email: 'timing@example.com' });
    const time = async (email: string) => {
      const started = performance.now();
      await login(email, 'WrongPassw0rd');
      return performance.now() - started;
    };
    await time('timing@example.com');
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 5; i += 1) {
      known += await time('timing@example.com');
      unknown += await time(`ghost${i}@example.com`);
    }
    expect(unknown / known).toBeGreaterThan(0.4);
    expect(unknown / known).toBeLessThan(2.5);
  });

  it.each([
    [{ email: 'bad', password: 'whatever1' }, 'email', M.invalidEmail],
    [{ email: 'a@example.com', password: '12345' }, 'password', M.loginPasswordMin],
    [{ password: 'whatever1' }, 'email', M.invalidEmail],
  ])('validates %j', async (payload, path, message) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.errors).toContainEqual({ path, message });
  });
});

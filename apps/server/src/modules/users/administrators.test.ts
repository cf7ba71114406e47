import { describe, expect, it } from 'vitest';
import { AccountMessages, ValidationMessages as M } from '@rota/contracts';
import { bearer, registerUser, uniqueEmail } from '../../testing/auth-helpers.js';
import { octocat, useOAuthDouble, walkSignIn } from '../../testing/github-oauth-flow.js';
import { useTestApp } from '../../testing/test-app.js';

// Who administers an installation, end to end: the first account made by registration or by
// GitHub sign-in, the list of accounts, and role changes, on the real database.
const github = useOAuthDouble();
const ctx = useTestApp({ config: github.config });

async function listAs(token: string, query = '') {
  return ctx.app.inject({ method: 'GET', url: `/api/user/all${query}`, headers: bearer(token) });
}

async function setRole(token: string, userId: string, role: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${userId}/role`,
    headers: bearer(token),
    payload: { role },
  });
}

async function rolesByEmail(adminToken: string): Promise<Record<string, string>> {
  const response = await listAs(adminToken, '?limit=100');
  expect(response.statusCode).toBe(200);
  const users = response.json().data.users as Array<{ email: string; role: string }>;
  return Object.fromEntries(users.map((user) => [user.email, user.role]));
}

describe('the first account administers', () => {
  it('by registration: the first is an administrator, the next ones members', async () => {
    const first = await registerUser(ctx.app, { email: 'first@example.com' });
    await registerUser(ctx.app, { email: 'second@example.com' });
    expect(await rolesByEmail(first.token)).toEqual({
      'first@example.com': 'admin',
      'second@example.com': 'member',
    });
  });

  it('by GitHub sign-in when that makes the first account', async () => {
    github.control.signedIn = octocat();
    const handOver = await walkSignIn(ctx.app);
    const token = handOver.fragment.get('token')!;
    await registerUser(ctx.app, { email: 'later@example.com' });
    expect(await rolesByEmail(token)).toEqual({
      'octocat@example.com': 'admin',
      'later@example.com': 'member',
    });
  });

  it('once, however many accounts are made at the same moment', async () => {
    const made = await Promise.all(
      Array.from({ length: 6 }, () => registerUser(ctx.app, { email: uniqueEmail('race') })),
    );
    const lists = await Promise.all(made.map((account) => listAs(account.token)));
    const admins = lists.filter((response) => response.statusCode === 200);
    expect(admins).toHaveLength(1);
    const roles = admins[0]!.json().data.users.map((user: { role: string }) => user.role);
    expect(roles.filter((role: string) => role === 'admin')).toHaveLength(1);
  });
});

describe('GET /api/user/all', () => {
  it('pages the accounts oldest first, with the total, and no secret', async () => {
    const admin = await registerUser(ctx.app, { email: 'admin@example.com' });
    for (const index of [1, 2, 3, 4])
      await registerUser(ctx.app, { email: `m${index}@example.com` });
    const page = await listAs(admin.token, '?page=2&limit=2');
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    expect(data).toMatchObject({ page: 2, limit: 2, total: 5 });
    expect(data.users.map((user: { email: string }) => user.email)).toEqual([
      'm2@example.com',
      'm3@example.com',
    ]);
    expect(Object.keys(data.users[0]).sort()).toEqual(
      ['avatar', 'createdAt', 'email', 'githubLogin', 'hasPassword', 'id', 'name', 'role'].sort(),
    );
    expect(data.users[0].hasPassword).toBe(true);
    expect(page.body).not.toMatch(/argon2|password_hash|passwordHash|token/i);
    const defaults = (await listAs(admin.token)).json().data;
    expect(defaults).toMatchObject({ page: 1, limit: 20, total: 5 });
  });

  it('refuses members with 403 and strangers with 401', async () => {
    await registerUser(ctx.app);
    const member = await registerUser(ctx.app);
    const refused = await listAs(member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: AccountMessages.administratorsOnly,
    });
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/user/all' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('validates page and limit', async () => {
    const admin = await registerUser(ctx.app);
    for (const [query, message] of [
      ['?page=0', AccountMessages.invalidPage],
      ['?limit=101', AccountMessages.invalidLimit],
      ['?limit=x', AccountMessages.invalidLimit],
    ]) {
      const response = await listAs(admin.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message, query).toBe(message);
    }
  });
});

describe('PUT /api/user/{userId}/role', () => {
  it('lets an administrator make another one, who may then administer', async () => {
    const admin = await registerUser(ctx.app, { email: 'a@example.com' });
    const member = await registerUser(ctx.app, { email: 'b@example.com' });
    const promoted = await setRole(admin.token, member.user.id, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ id: member.user.id, role: 'admin' });
    expect((await listAs(member.token)).statusCode).toBe(200);
    // Two administrators: either may step down.
    const stepDown = await setRole(member.token, admin.user.id, 'member');
    expect(stepDown.statusCode).toBe(200);
    expect((await listAs(admin.token)).statusCode).toBe(403);
  });

  it('never leaves the installation without an administrator', async () => {
    const admin = await registerUser(ctx.app, { email: 'only@example.com' });
    await registerUser(ctx.app, { email: 'other@example.com' });
    const refused = await setRole(admin.token, admin.user.id, 'member');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'LAST_ADMINISTRATOR',
      message: AccountMessages.lastAdministrator,
    });
    expect(await rolesByEmail(admin.token)).toMatchObject({ 'only@example.com': 'admin' });
  });

  it('keeps one administrator when two step down at the same moment', async () => {
    const first = await registerUser(ctx.app);
    const second = await registerUser(ctx.app);
    expect((await setRole(first.token, second.user.id, 'admin')).statusCode).toBe(200);
    const answers = await Promise.all([
      setRole(first.token, first.user.id, 'member'),
      setRole(second.token, second.user.id, 'member'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
  });

  it('refuses members with 403, whatever the user', async () => {
    const admin = await registerUser(ctx.app);
    const member = await registerUser(ctx.app);
    for (const target of [admin.user.id, member.user.id]) {
      const response = await setRole(member.token, target, 'admin');
      expect(response.statusCode).toBe(403);
    }
    expect(await rolesByEmail(admin.token)).toMatchObject({ [member.user.email]: 'member' });
  });

  it('answers 404 for a user that does not exist and 400 for a role that does not', async () => {
    const admin = await registerUser(ctx.app);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await setRole(admin.token, id, 'admin');
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.message).toBe(AccountMessages.userNotFound);
    }
    const bad = await setRole(admin.token, admin.user.id, 'owner');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.errors).toEqual([{ path: 'role', message: M.invalidRole }]);
  });
});

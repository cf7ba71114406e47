import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../testing/test-app.js';
import { testConfig } from '../testing/test-config.js';
import { bearer, registerUser, uniqueEmail, VALID_PASSWORD } from '../testing/auth-helpers.js';
import { loggerOptions, urlWithoutQueryValues } from './logging.js';

/** Every line the app logs during this file, at the most talkative level. */
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const logger = { ...(loggerOptions('trace') as object), stream: capture };
const ctx = useTestApp({ logger });

describe('urlWithoutQueryValues', () => {
  it('keeps the path and the parameter names, never the values', () => {
    expect(urlWithoutQueryValues('/api/projects?search=secret&status=all')).toBe(
      '/api/projects?search=[redacted]&status=[redacted]',
    );
    expect(urlWithoutQueryValues('/api/projects')).toBe('/api/projects');
    expect(urlWithoutQueryValues('/x?flag')).toBe('/x?flag=[redacted]');
  });
});

describe('what the logs never hold', () => {
  it('no e-mail, password, hash, token, secret or query value, even when a query fails', async () => {
    const before = lines.length;
    const { token, refreshToken, user, password } = await registerUser(ctx.app);
    const stored = (await ctx.database.db.execute(
      sql`select password_hash from users where id = ${user.id}`,
    )) as unknown as { rows: Array<{ password_hash: string }> };
    const hash = stored.rows[0]?.password_hash;
    expect(hash).toMatch(/^\$argon2id\$/);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken },
    });
    const queryValue = 'query-value-that-must-not-be-logged';
    await ctx.app.inject({
      method: 'GET',
      url: `/api/projects?search=${queryValue}`,
      headers: bearer(token),
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'a\u0000b', email: uniqueEmail('nul'), password: VALID_PASSWORD },
    });

    // A registration the database refuses: the failed INSERT carries the e-mail and the new
    // argon2 hash as parameters, and PostgreSQL's detail repeats the whole row.
    const failingEmail = uniqueEmail('failing');
    await ctx.database.db.execute(
      sql.raw(`alter table users add constraint test_refuse_name check (name <> 'Refused Name')`),
    );
    try {
      const failed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Refused Name', email: failingEmail, password: VALID_PASSWORD },
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql.raw('alter table users drop constraint test_refuse_name'));
    }

    const text = lines.slice(before).join('\n');
    // The log did record these requests and the failure, so silence cannot pass this test.
    expect(text).toContain('/api/projects?search=[redacted]');
    expect(text).toContain('unhandled error');
    expect(text).toContain('Failed query');
    expect(text).toContain('params: [redacted]');
    const secrets = {
      email: user.email,
      failingEmail,
      password,
      hash: hash!,
      anyArgon2Hash: '$argon2id$',
      accessToken: token,
      refreshToken,
      loginAccessToken: login.json().data.token as string,
      loginRefreshToken: login.json().data.refreshToken as string,
      rotatedRefreshToken: refreshed.json().data.refreshToken as string,
      jwtSecret: testConfig().jwtSecret,
      queryValue,
    };
    for (const [what, secret] of Object.entries(secrets)) {
      expect(text.includes(secret), `${what} reached the log`).toBe(false);
    }
  });
});

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findUserById } from './queries.js';
import { KnownUsers } from './known-users.js';
import { registerUser } from '../../testing/auth-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// The cache of known users, which only embedded PGlite uses (single-process.ts): *.pglite.test.ts
// files run in the PGlite project only. single-process.test.ts proves the routes on both dialects.
const ctx = useTestApp({ startQueue: false });

describe('KnownUsers', () => {
  it('does not remember a user whose lookup overlapped a deletion', async () => {
    const known = await KnownUsers.listening(ctx.database);
    const { user } = await registerUser(ctx.app);
    let lookups = 0;
    const lookup = async (id: string) => {
      lookups += 1;
      // The row is read as existing, then deleted before the answer is used.
      const row = await findUserById(ctx.database.db, id);
      await ctx.database.db.execute(sql`delete from users where id = ${id}`);
      return row !== undefined;
    };
    expect(await known.exists(user.id, lookup)).toBe(true);
    expect(await known.exists(user.id, async () => false)).toBe(false);
    expect(lookups).toBe(1);
  });
});

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { refreshTokens, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/**
 * Asked on every authenticated request, so built once per database and prepared (on PostgreSQL a
 * named statement, parsed once per connection).
 */
export async function userExists(db: Database, id: string): Promise<boolean> {
  let statement = userExistsStatements.get(db);
  if (!statement) userExistsStatements.set(db, (statement = prepareUserExists(db)));
  return (await statement.execute({ id })).length === 1;
}

const prepareUserExists = (db: Database) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('rota_user_exists');
const userExistsStatements = new WeakMap<Database, ReturnType<typeof prepareUserExists>>();

/**
 * Makes every deletion of users NOTIFY `channel` with the id (a truncation with `*`), so a cache
 * of known users (known-users.ts) forgets them. Idempotent: run at every start.
 */
export async function announceUserDeletions(db: Database, channel: string): Promise<void> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  await db.execute(
    sql.raw(`create or replace function rota_users_deleted() returns trigger language plpgsql as $$
      begin
        perform pg_notify('${channel}', case when tg_op = 'DELETE' then old.id::text else '*' end);
        return null;
      end $$`),
  );
  await db.execute(
    sql.raw(`create or replace trigger rota_users_deleted after delete on users
      for each row execute function rota_users_deleted()`),
  );
  await db.execute(
    sql.raw(`create or replace trigger rota_users_truncated after truncate on users
      for each statement execute function rota_users_deleted()`),
  );
}

/** Inserts the user; returns undefined when the e-mail is taken (unique index, race-safe). */
export async function insertUser(
  db: Database,
  values: { email: string; name: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function insertRefreshToken(
  db: Database,
  values: { userId: string; tokenHash: string; familyId: string; expiresAt: Date },
): Promise<RefreshTokenRow> {
  const [row] = await db.insert(refreshTokens).values(values).returning();
  return row!;
}

export async function findRefreshTokenByHash(
  db: Database,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Marks an unrevoked token as used, atomically: of two concurrent refreshes with the same token only
 * one gets the row back; the other is treated as reuse.
 */
export async function claimRefreshToken(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function setReplacedBy(db: Database, id: string, replacedBy: string): Promise<void> {
  await db.update(refreshTokens).set({ replacedBy }).where(eq(refreshTokens.id, id));
}

export async function revokeFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function setPasswordHash(
  db: Database,
  userId: string,
  passwordHash: string,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Ends every session of the user: each of their refresh-token families. */
export async function revokeUserTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Drops tokens that expired more than a day ago; revoked ones are kept that long for reuse detection. */
export async function deleteExpiredRefreshTokens(db: Database): Promise<number> {
  const rows = await db
    .delete(refreshTokens)
    .where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`)
    .returning({ id: refreshTokens.id });
  return rows.length;
}

import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { githubAccounts, oauthStates, users } from '../../db/schema/index.js';

export type GitHubAccountRow = typeof githubAccounts.$inferSelect;
export type UserRow = typeof users.$inferSelect;

export async function insertState(
  db: Database,
  values: { stateHash: string; browserKeyHash: string; returnPath: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(oauthStates).values(values);
}

/**
 * Takes the state out if it exists and has not expired: deleting it is what makes it single-use,
 * and the delete is atomic, so of two callbacks racing with one state only one gets the row.
 */
export async function takeState(db: Database, stateHash: string, now: Date) {
  const [row] = await db
    .delete(oauthStates)
    .where(and(eq(oauthStates.stateHash, stateHash), gt(oauthStates.expiresAt, now)))
    .returning();
  return row;
}

/** Abandoned sign-ins leave states behind; each new sign-in sweeps the expired ones. */
export async function deleteExpiredStates(db: Database, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
}

export async function findAccountByGitHubId(db: Database, githubId: number) {
  const [row] = await db
    .select()
    .from(githubAccounts)
    .where(eq(githubAccounts.githubId, githubId))
    .limit(1);
  return row;
}

export async function findAccountByUserId(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, userId))
    .limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

/** A user who signs in only through GitHub (no password); undefined when the e-mail got taken. */
export async function insertGitHubUser(
  db: Database,
  values: { email: string; name: string; avatarUrl: string | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values({ ...values, passwordHash: null })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

/** Fills in the avatar GitHub knows when the account has none yet. */
export async function setAvatarIfMissing(db: Database, userId: string, avatarUrl: string) {
  await db
    .update(users)
    .set({ avatarUrl, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.avatarUrl} is null`));
}

export interface StoredTokens {
  accessTokenEnc: string;
  accessTokenExpiresAt: Date | null;
  refreshTokenEnc: string | null;
  refreshTokenExpiresAt: Date | null;
  scopes: string;
}

/** Links (or re-links) the GitHub account to the user with its newest token. */
export async function upsertAccount(
  db: Database,
  values: { userId: string; githubId: number; login: string } & StoredTokens,
): Promise<void> {
  const { userId: _userId, ...changes } = values;
  await db
    .insert(githubAccounts)
    .values(values)
    .onConflictDoUpdate({
      target: githubAccounts.userId,
      set: { ...changes, updatedAt: sql`now()` },
    });
}

export async function updateTokens(
  db: Database,
  userId: string,
  tokens: StoredTokens,
): Promise<void> {
  await db
    .update(githubAccounts)
    .set({ ...tokens, updatedAt: sql`now()` })
    .where(eq(githubAccounts.userId, userId));
}

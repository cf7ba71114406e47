import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { githubAccounts, githubPersonalTokens, users } from '../../db/schema/index.js';

/** The profile columns of `users` are this module's to write; the row and credentials are auth's. */
export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      role: users.role,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Returns false when the user is gone. `avatarUrl` undefined keeps the stored one. */
export async function updateProfile(
  db: Database,
  userId: string,
  values: { name: string; avatarUrl?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

export type PersonalTokenRow = typeof githubPersonalTokens.$inferSelect;

export async function findPersonalToken(
  db: Database,
  userId: string,
): Promise<PersonalTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(githubPersonalTokens)
    .where(eq(githubPersonalTokens.userId, userId))
    .limit(1);
  return row;
}

/** The GitHub login of the user's sign-in token (oauth's row), or undefined without one. */
export async function findSignInLogin(db: Database, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ login: githubAccounts.login })
    .from(githubAccounts)
    .where(eq(githubAccounts.userId, userId))
    .limit(1);
  return row?.login;
}

export async function savePersonalToken(
  db: Database,
  values: {
    userId: string;
    tokenEnc: string;
    login: string;
    scopes: string | null;
    checkedAt: Date;
  },
): Promise<void> {
  const { userId: _userId, ...changes } = values;
  await db
    .insert(githubPersonalTokens)
    .values(values)
    .onConflictDoUpdate({
      target: githubPersonalTokens.userId,
      set: { ...changes, updatedAt: sql`now()` },
    });
}

export async function deletePersonalToken(db: Database, userId: string): Promise<void> {
  await db.delete(githubPersonalTokens).where(eq(githubPersonalTokens.userId, userId));
}

import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { UserRole } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { githubAccounts, users } from '../../db/schema/index.js';

/**
 * Who may become or stop being an administrator is decided under one transaction-scoped lock, so
 * two accounts made at once cannot both see "no administrator yet", and two demotions at once
 * cannot leave none. The key is an arbitrary constant of this module.
 */
const ADMINISTRATORS_LOCK = 7_243_001;

async function lockAdministrators(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMINISTRATORS_LOCK})`);
}

/**
 * Makes the user an administrator when the installation has none; call in the transaction that
 * inserted the user (the lock lasts until it ends). Returns whether the user became one.
 */
export async function administerIfUnadministered(tx: Database, userId: string): Promise<boolean> {
  await lockAdministrators(tx);
  const rows = await tx
    .update(users)
    .set({ role: 'admin' })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${users} where ${users.role} = 'admin')`,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function roleOf(db: Database, userId: string): Promise<UserRole | undefined> {
  const [row] = await db
    .select({ role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.role as UserRole | undefined;
}

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatarUrl: users.avatarUrl,
  role: users.role,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  githubLogin: githubAccounts.login,
  createdAt: users.createdAt,
};

export type AccountRow = {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  role: string;
  hasPassword: boolean;
  githubLogin: string | null;
  createdAt: Date;
};

/** One page of accounts, oldest first (the first administrator heads the list), and how many in all. */
export async function listAccounts(
  db: Database,
  page: { offset: number; limit: number },
): Promise<{ rows: AccountRow[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
      .orderBy(asc(users.createdAt), asc(users.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(users),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function findAccount(db: Database, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(githubAccounts, eq(githubAccounts.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type RoleChange = 'changed' | 'missing' | 'last-administrator';

/**
 * Sets the user's role in one transaction under the administrators' lock; demoting refuses to
 * leave the installation without an administrator.
 */
export async function setRole(db: Database, userId: string, role: UserRole): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    await lockAdministrators(tx);
    if (role !== 'admin') {
      const [others] = await tx
        .select({ count: count() })
        .from(users)
        .where(and(eq(users.role, 'admin'), ne(users.id, userId)));
      const [target] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      if (target?.role === 'admin' && (others?.count ?? 0) === 0) return 'last-administrator';
    }
    const rows = await tx
      .update(users)
      .set({ role, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    return rows.length === 1 ? 'changed' : 'missing';
  });
}

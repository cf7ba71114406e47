import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { userSettings } from '../../db/schema/index.js';

export type StoredSettings = Pick<
  typeof userSettings.$inferSelect,
  'notifications' | 'integrations' | 'preferences'
>;

export async function findSettings(
  db: Database,
  userId: string,
): Promise<StoredSettings | undefined> {
  const [row] = await db
    .select({
      notifications: userSettings.notifications,
      integrations: userSettings.integrations,
      preferences: userSettings.preferences,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return row;
}

/**
 * Adds the choices to what the user chose before, key by key (jsonb `||`), in one statement: two
 * saves of different settings at once both last.
 */
export async function saveChoices(
  db: Database,
  userId: string,
  choices: StoredSettings,
): Promise<StoredSettings> {
  const [row] = await db
    .insert(userSettings)
    .values({ userId, ...choices })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: {
        notifications: sql`${userSettings.notifications} || excluded.notifications`,
        integrations: sql`${userSettings.integrations} || excluded.integrations`,
        preferences: sql`${userSettings.preferences} || excluded.preferences`,
        updatedAt: sql`now()`,
      },
    })
    .returning({
      notifications: userSettings.notifications,
      integrations: userSettings.integrations,
      preferences: userSettings.preferences,
    });
  return row!;
}

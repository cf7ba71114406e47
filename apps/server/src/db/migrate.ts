import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle, Schema } from './client.js';

/** The committed SQL migrations; the build copies this folder next to the compiled file. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies every pending migration. Drizzle records applied ones, so this is safe at every start. */
export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  if (handle.driver === 'postgres') {
    await migratePg(handle.db as unknown as NodePgDatabase<Schema>, { migrationsFolder });
  } else {
    await migratePglite(handle.db as unknown as PgliteDatabase<Schema>, { migrationsFolder });
  }
}

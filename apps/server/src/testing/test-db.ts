import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';

/**
 * A migrated database for one test file, on the dialect this vitest project runs:
 * - pglite: an in-memory PGlite loaded from the migrated snapshot made once in global setup
 *   (creating a PGlite from scratch costs ~5 s; loading the snapshot well under one);
 * - postgres: a new database on the TEST_DATABASE_URL server, dropped afterwards.
 */
export interface TestDatabase extends DatabaseHandle {
  /** The connection URL when the database is a PostgreSQL server (other processes can join it). */
  url: string | null;
  /** Empties every table, so each test starts from nothing. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const driver = process.env.TEST_DB_DRIVER ?? 'pglite';
  let handle: DatabaseHandle;
  let dropDatabase: () => Promise<void> = async () => undefined;
  let databaseUrl: string | null = null;
  if (driver === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DB_DRIVER=postgres needs TEST_DATABASE_URL');
    const name = `rota_t_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ kind: 'postgres', url: adminUrl, maxConnections: 1 });
    await admin.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    handle = await openDatabase({ kind: 'postgres', url: databaseUrl, maxConnections: 5 });
    await runMigrations(handle);
    dropDatabase = async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    };
  } else {
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) {
      handle = await openDatabase({
        kind: 'pglite',
        dataDir: null,
        loadDataDir: new Blob([readFileSync(snapshot)]),
      });
    } else {
      handle = await openDatabase({ kind: 'pglite', dataDir: null });
      await runMigrations(handle);
    }
  }
  return {
    ...handle,
    url: databaseUrl,
    reset: async () => {
      // Every table the migrations made, so a new table can never leak rows between tests.
      await handle.db.execute(
        sql.raw(`
        do $$ declare names text;
        begin
          select string_agg(format('%I', tablename), ', ') into names
            from pg_tables where schemaname = 'public';
          if names is not null then execute 'truncate ' || names || ' cascade'; end if;
        end $$;`),
      );
    },
    destroy: async () => {
      await handle.close();
      await dropDatabase();
    },
  };
}

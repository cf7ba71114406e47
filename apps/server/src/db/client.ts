import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { stderrLogger, type Logger } from '../lib/logging.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** Both drivers produce this: the rest of the server never knows which one it runs on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  readonly db: Database;
  readonly driver: DatabaseDriver;
  /** Round-trips a trivial query; rejects when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Embedded PGlite only: calls `onPayload` with each NOTIFY on `channel`, before the statement
   * that sent it (or its transaction's commit) settles.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  | { kind: 'pglite'; dataDir: string | null; loadDataDir?: Blob | File };

/** Opens the database: a `pg` pool for a server, else embedded PGlite (in memory when dataDir is null). */
export async function openDatabase(
  target: DatabaseTarget,
  /** Where the pool's dropped connections are told (default: warnings on stderr). */
  options: { logger?: Logger } = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({
      connectionString: target.url,
      max: target.maxConnections ?? 10,
      connectionTimeoutMillis: 5000,
    });
    // An idle client losing its connection (database restart) must not crash the process; the
    // pool replaces it, and the log says why.
    const log = (options.logger ?? stderrLogger()).child({ component: 'database' });
    pool.on('error', (error) => log.warn({ err: error }, 'an idle database connection failed'));
    const db = drizzle(pool, { schema }) as unknown as Database;
    return {
      db,
      driver: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      // Idempotent: shutdown paths and tests may close twice; pg throws on a second end().
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let dataDir: string | undefined;
  if (target.dataDir) {
    mkdirSync(path.dirname(target.dataDir), { recursive: true });
    dataDir = target.dataDir;
  }
  const client = await PGlite.create(
    dataDir,
    target.loadDataDir ? { loadDataDir: target.loadDataDir } : {},
  );
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    driver: 'pglite',
    ping: async () => {
      if (client.closed) throw new Error('database is closed');
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

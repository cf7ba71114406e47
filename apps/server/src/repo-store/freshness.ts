import type { Database } from '../db/client.js';
import * as queries from './queries.js';

/** When the mirror of `url` was last fetched (null: never), so callers can decide without git. */
export async function lastFetchedAt(db: Database, url: string): Promise<Date | null> {
  return (await queries.findMirror(db, url))?.lastFetchedAt ?? null;
}

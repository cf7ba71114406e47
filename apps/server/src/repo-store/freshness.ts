import type { Database } from '../db/client.js';
import * as queries from './queries.js';

/** What the store knows of a mirror without running git: when it was last fetched (null: never) and
 * the remote's default branch at that fetch. */
export async function mirrorState(
  db: Database,
  url: string,
): Promise<{ lastFetchedAt: Date | null; defaultBranch: string | null }> {
  const mirror = await queries.findMirror(db, url);
  return {
    lastFetchedAt: mirror?.lastFetchedAt ?? null,
    defaultBranch: mirror?.defaultBranch ?? null,
  };
}

import type { DatabaseHandle } from '../../db/client.js';
import { announceUserDeletions } from './queries.js';

/** Ids held at most; the oldest go first (a forgotten id costs one lookup). */
const MAX_USERS = 100_000;
const CHANNEL = 'rota_users_deleted';

/**
 * Ids of users known to exist, so `authenticate` asks the database once per user instead of once
 * per request. Only for embedded PGlite (single-process.ts): no route deletes users, but SQL run in
 * this process may (a test, an operator's statement), so a trigger announces every
 * deletion and truncation and the ids are forgotten while the deleting statement completes —
 * PGlite hands its notifications to listeners before that statement's promise settles, so the
 * next request of a deleted user is 401. The trigger is this cache's, made when it starts (not a
 * migration: PostgreSQL deployments have no such cache and need no trigger).
 */
export class KnownUsers {
  private readonly ids = new Set<string>();
  /** Moves with every deletion: a lookup that overlapped one is answered but not remembered. */
  private deletions = 0;

  private constructor() {}

  static async listening(database: DatabaseHandle): Promise<KnownUsers> {
    const known = new KnownUsers();
    if (!database.listen) throw new Error('KnownUsers needs notifications (embedded PGlite)');
    await announceUserDeletions(database.db, CHANNEL);
    await database.listen(CHANNEL, (id) => {
      known.deletions += 1;
      if (id === '*') known.ids.clear();
      else known.ids.delete(id);
    });
    return known;
  }

  /** Whether the user exists: from memory, else `lookup` (whose yes is remembered). */
  async exists(userId: string, lookup: (userId: string) => Promise<boolean>): Promise<boolean> {
    if (this.ids.has(userId)) return true;
    const at = this.deletions;
    const found = await lookup(userId);
    if (found && at === this.deletions) {
      this.ids.add(userId);
      if (this.ids.size > MAX_USERS) this.ids.delete(this.ids.values().next().value!);
    }
    return found;
  }
}

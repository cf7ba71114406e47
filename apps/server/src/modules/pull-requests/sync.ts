import type { Database } from '../../db/client.js';
import type { EventBus } from '../events/index.js';
import type { ForgePullRequests } from '../forges/index.js';
import { repoKeyOf } from '../../db/repo-key.js';
import { dropOtherCopy, savePage, saveSynced, syncRowsFor } from './queries.js';

export interface SyncTarget {
  owner: string;
  repo: string;
  /** Whose token reads it; a private repository is stored for this user only. */
  userId: string;
}

export interface SyncOutcome {
  /** Whether the forge said nothing changed since the last complete sync (GitHub's free 304). */
  unchanged: boolean;
  /** Pull requests read and stored this time. */
  stored: number;
  scope: string | null;
}

/**
 * Syncs one repository's pull requests into the store, as cheaply as the forge allows:
 *
 * 1. Ask whether anything changed since this user's last look. When not, and the last sync
 *    completed, the store is current: done after one (free) call.
 * 2. Otherwise read pages newest activity first, each stored as it arrives (memory holds one page),
 *    until the first pull request not updated since the watermark.
 *
 * The watermark only moves when every page was stored, so a sync that fails half way is read again
 * from the same point next time; what it stored stays.
 */
type SyncDeps = {
  db: Database;
  forge: ForgePullRequests;
  /** Told after each stored page: every figure of the projects holding the repository may move. */
  events: EventBus;
  now: () => number;
  signal?: AbortSignal;
};

export async function syncPullRequests(deps: SyncDeps, target: SyncTarget): Promise<SyncOutcome> {
  const repoKey = repoKeyOf(target);
  const known = (await syncRowsFor(deps.db, FORGE, [repoKey], target.userId)).get(repoKey);
  // "Unchanged" is about this user's last look, which may have been a sync that then failed:
  // only a completed sync makes it mean "the store is current". A watermark says the store holds a
  // full read; one cleared on purpose (a migration adding columns) makes the next sync read again,
  // whatever the probe's cache (database or Redis) remembers.
  if (
    (await deps.forge.unchangedSinceLastLook(target)) &&
    known?.status === 'synced' &&
    known.watermark !== null
  ) {
    await saveSynced(deps.db, {
      forge: FORGE,
      repoKey,
      scope: known.scope,
      watermark: known.watermark,
      at: new Date(deps.now()),
    });
    return { unchanged: true, stored: 0, scope: known.scope };
  }
  const outcome = await readPages(deps, target, known?.watermark ?? null, known?.scope ?? null);
  // The watermark belongs to the copy it was kept for: a repository that changed visibility
  // starts a fresh copy, read in full.
  if (outcome !== 'visibility changed') return outcome;
  const full = await readPages(deps, target, null, null);
  // Without a watermark nothing is compared, so a full read always ends with an outcome.
  if (full === 'visibility changed') throw new Error('a full read reported a visibility change');
  return full;
}

const FORGE = 'github' as const;

/** The watermark of a completed read of a repository that had no pull requests. */
const READ_FROM_THE_BEGINNING = new Date(0);

async function readPages(
  deps: SyncDeps,
  target: SyncTarget,
  since: Date | null,
  knownScope: string | null,
): Promise<SyncOutcome | 'visibility changed'> {
  const repoKey = repoKeyOf(target);
  let scope: string | null = null;
  let newest: Date | null = null;
  let stored = 0;
  for await (const page of deps.forge.updatedSince(target, since)) {
    deps.signal?.throwIfAborted();
    if (scope === null) {
      scope = page.private ? target.userId : '';
      if (since && knownScope !== scope) return 'visibility changed';
      await dropOtherCopy(deps.db, { forge: FORGE, repoKey, scope, userId: target.userId });
    }
    newest ??= page.pulls[0]?.pull.updatedAt ?? null;
    await savePage(deps.db, { forge: FORGE, repoKey, scope, at: new Date(deps.now()) }, page.pulls);
    await deps.events.emit('pull-requests.stored', { forge: FORGE, repoKey });
    stored += page.pulls.length;
  }
  scope ??= knownScope ?? target.userId;
  await saveSynced(deps.db, {
    forge: FORGE,
    repoKey,
    scope,
    // A full read that found no pull request still completed: "since the beginning" (GitHub's
    // time, never Rota's clock, so no skew can hide a pull request opened meanwhile).
    watermark: newest ?? since ?? READ_FROM_THE_BEGINNING,
    at: new Date(deps.now()),
  });
  return { unchanged: false, stored, scope };
}

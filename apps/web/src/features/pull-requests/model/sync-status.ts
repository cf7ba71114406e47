import type { PullRequestList, PullRequestRepoSync } from '@rota/contracts';

type Repositories = Pick<PullRequestList, 'repositories'>;

export const isRepoSyncing = (repo: Pick<PullRequestRepoSync, 'status'>): boolean =>
  repo.status === 'queued' || repo.status === 'running';

/** While any repository waits for or runs a sync, the list is read again every few seconds. */
export const isSyncing = (list: Repositories | undefined): boolean =>
  !!list && list.repositories.some(isRepoSyncing);

/** Repositories Rota can sync (on a forge it knows); the others can never have pull requests. */
export const syncableRepos = (list: Repositories): PullRequestRepoSync[] =>
  list.repositories.filter((repo) => repo.status !== 'unsupported');

/**
 * What the tab says when a page has no pull requests, first match wins: nothing to sync (no
 * GitHub repository), a sync under way, never synced, or synced and nothing matches the filters.
 */
export type EmptyReason = 'unsupported' | 'syncing' | 'neverSynced' | 'noMatches';

export function emptyReason(list: Repositories): EmptyReason {
  const syncable = syncableRepos(list);
  if (syncable.length === 0) return 'unsupported';
  if (syncable.some(isRepoSyncing) && syncable.every((repo) => repo.last_synced_at === null))
    return 'syncing';
  if (syncable.every((repo) => repo.status === 'never' || repo.last_synced_at === null))
    return 'neverSynced';
  return 'noMatches';
}

/**
 * After the server accepted a sync (202), the repositories it queued read as queued at once, so
 * the button disables and polling starts before the next read confirms it.
 */
export function markQueued<T extends Repositories>(list: T, repoIds: ReadonlySet<string>): T {
  return {
    ...list,
    repositories: list.repositories.map((repo) =>
      repoIds.has(repo.repoId) && !isRepoSyncing(repo)
        ? { ...repo, status: 'queued' as const, error: null }
        : repo,
    ),
  };
}

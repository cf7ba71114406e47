import type { PullRequestRepoSync } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { repoSyncFixture } from '../../../test/pull-request-fixtures';
import { emptyReason, isSyncing, markQueued } from './sync-status';

const repo = (status: PullRequestRepoSync['status'], synced: boolean, repoId = 'r-1') =>
  repoSyncFixture({
    repoId,
    status,
    last_synced_at: synced ? '2026-11-23T10:00:00Z' : null,
  });

describe('which empty state a page without pull requests shows', () => {
  it.each([
    ['no repository on GitHub', [repo('unsupported', false)], 'unsupported'],
    ['first sync queued', [repo('queued', false)], 'syncing'],
    [
      'first sync running, plain git beside it',
      [repo('running', false), repo('unsupported', false, 'r-2')],
      'syncing',
    ],
    ['never synced', [repo('never', false)], 'neverSynced'],
    ['first sync failed', [repo('failed', false)], 'neverSynced'],
    ['synced, nothing matches', [repo('synced', true)], 'noMatches'],
    ['synced once, syncing again', [repo('running', true)], 'noMatches'],
    ['one synced, one never', [repo('synced', true), repo('never', false, 'r-2')], 'noMatches'],
  ] as const)('%s → %s', (_name, repositories, expected) => {
    expect(emptyReason({ repositories: [...repositories] })).toBe(expected);
  });
});

describe('polling and sync now', () => {
  it('polls only while a repository is queued or running', () => {
    expect(isSyncing(undefined)).toBe(false);
    expect(isSyncing({ repositories: [repo('synced', true), repo('failed', true)] })).toBe(false);
    expect(isSyncing({ repositories: [repo('synced', true), repo('queued', true)] })).toBe(true);
    expect(isSyncing({ repositories: [repo('running', true)] })).toBe(true);
  });

  it('marks the accepted repositories queued and clears their old error; others stay', () => {
    const failed = repoSyncFixture({
      repoId: 'r-2',
      status: 'failed',
      error: { code: 'GITHUB_UNAVAILABLE', message: 'down' },
    });
    const running = repo('running', true, 'r-3');
    const list = { repositories: [repo('synced', true), failed, running] };
    const next = markQueued(list, new Set(['r-2', 'r-3']));
    expect(next.repositories.map((r) => [r.repoId, r.status, r.error])).toEqual([
      ['r-1', 'synced', null],
      ['r-2', 'queued', null],
      ['r-3', 'running', null],
    ]);
    expect(list.repositories[1]!.status).toBe('failed');
  });
});

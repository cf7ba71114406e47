import { describe, expect, it } from 'vitest';
import { branchAnalysisFixture, branchFixture } from '../../../test/analysis-fixtures';
import { DEFAULT_BRANCH_TABLE, fold, visibleBranches } from './branch-table';

const { branches } = branchAnalysisFixture();
const names = (state: Partial<typeof DEFAULT_BRANCH_TABLE>) =>
  visibleBranches(branches, { ...DEFAULT_BRANCH_TABLE, ...state }, 'tr').map(
    (branch) => branch.name,
  );

describe('branch table', () => {
  it('starts with the most recently committed branch first', () => {
    expect(names({})).toEqual([
      'feature/dark-mode',
      'main',
      'feature/refunds',
      'fix/typo-in-readme',
    ]);
  });

  it('sorts by any column both ways, ties broken by name', () => {
    expect(names({ sort: 'name', direction: 'asc' })).toEqual([
      'feature/dark-mode',
      'feature/refunds',
      'fix/typo-in-readme',
      'main',
    ]);
    expect(names({ sort: 'behind', direction: 'desc' })).toEqual([
      'feature/refunds',
      'fix/typo-in-readme',
      'feature/dark-mode',
      'main',
    ]);
    expect(names({ sort: 'status', direction: 'asc' })).toEqual([
      'main',
      'feature/refunds',
      'feature/dark-mode',
      'fix/typo-in-readme',
    ]);
    expect(names({ sort: 'author', direction: 'desc' })[0]).toBe('feature/refunds');
  });

  it('filters by state, and by staleness across states', () => {
    expect(names({ filter: 'merged' })).toEqual(['fix/typo-in-readme']);
    expect(names({ filter: 'diverged' })).toEqual(['feature/refunds']);
    // The engine never flags the default branch or a merged one stale.
    expect(names({ filter: 'stale' }).sort()).toEqual(['feature/dark-mode', 'feature/refunds']);
    expect(names({ filter: 'active' }).sort()).toEqual(['fix/typo-in-readme', 'main']);
    const fresh = [
      branchFixture({ name: 'new', stale: false }),
      ...branches.filter((b) => b.stale),
    ];
    expect(
      visibleBranches(fresh, { ...DEFAULT_BRANCH_TABLE, filter: 'active' }, 'en').map(
        (b) => b.name,
      ),
    ).toEqual(['new']);
  });

  it('searches names, authors and messages, ignoring case, accents and Turkish dotted i', () => {
    expect(names({ search: 'GRACE' })).toEqual(['feature/refunds']);
    expect(names({ search: 'ayse' })).toEqual(['feature/dark-mode', 'fix/typo-in-readme']);
    expect(names({ search: 'YILMAZ' })).toEqual(['main']);
    expect(names({ search: 'storefront' })).toEqual(['feature/dark-mode']);
    expect(names({ search: 'zzz' })).toEqual([]);
    expect(fold('İstanbul Işık')).toBe('istanbul isik');
  });
});

import type { Branch, BranchStatus } from '@rota/contracts';

export type BranchSortKey = 'name' | 'status' | 'behind' | 'ahead' | 'lastCommitDate' | 'author';
export type SortDirection = 'asc' | 'desc';
/** A status, or staleness across statuses: `stale` (no commit for staleDays) and `active` (the rest). */
export type BranchFilter = 'all' | BranchStatus | 'stale' | 'active';
export const BRANCH_FILTERS: readonly BranchFilter[] = [
  'all',
  'default',
  'ahead',
  'diverged',
  'merged',
  'stale',
  'active',
];

export interface BranchTableState {
  search: string;
  filter: BranchFilter;
  sort: BranchSortKey;
  direction: SortDirection;
}

export const DEFAULT_BRANCH_TABLE: BranchTableState = {
  search: '',
  filter: 'all',
  sort: 'lastCommitDate',
  direction: 'desc',
};

/** The direction a column starts in: newest and largest first, names A→Z. */
export const firstDirection = (key: BranchSortKey): SortDirection =>
  key === 'name' || key === 'author' || key === 'status' ? 'asc' : 'desc';

// Work in progress first, finished work last.
const STATUS_ORDER: Record<BranchStatus, number> = { default: 0, diverged: 1, ahead: 2, merged: 3 };

/** Case- and accent-insensitive, with Turkish dotted/dotless i read as i. */
export function fold(text: string): string {
  return text.toLocaleLowerCase('tr').normalize('NFD').replace(/\p{M}/gu, '').replace(/ı/g, 'i');
}

export function matchesFilter(branch: Branch, filter: BranchFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'stale') return branch.stale;
  if (filter === 'active') return !branch.stale;
  return branch.status === filter;
}

function compare(a: Branch, b: Branch, key: BranchSortKey, collator: Intl.Collator): number {
  switch (key) {
    case 'name':
      return collator.compare(a.name, b.name);
    case 'author':
      return collator.compare(a.author.name, b.author.name);
    case 'status':
      return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    case 'ahead':
      return a.ahead - b.ahead;
    case 'behind':
      return a.behind - b.behind;
    case 'lastCommitDate':
      return Date.parse(a.lastCommitDate) - Date.parse(b.lastCommitDate);
  }
}

/** The rows the table shows: searched (name, author, subject), filtered, sorted; ties by name. */
export function visibleBranches(
  branches: readonly Branch[],
  state: BranchTableState,
  locale: string,
): Branch[] {
  const needle = fold(state.search.trim());
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  const sign = state.direction === 'asc' ? 1 : -1;
  return branches
    .filter((branch) => matchesFilter(branch, state.filter))
    .filter(
      (branch) =>
        needle === '' ||
        fold(branch.name).includes(needle) ||
        fold(branch.author.name).includes(needle) ||
        fold(branch.subject).includes(needle),
    )
    .sort((a, b) => sign * compare(a, b, state.sort, collator) || collator.compare(a.name, b.name));
}

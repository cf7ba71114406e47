import type { ProjectSummary } from '@rota/contracts';

/** What one settled write did to one project of an owner, as far as that owner's lists go. */
export type ProjectListChange =
  /** The project's summary after the write (created or changed). */
  | { ownerId: string; projectId: string; summary: ProjectSummary }
  /** The project is gone. */
  | { ownerId: string; projectId: string; removed: true }
  /** Something changed that the write did not read back (repo count, updated_at): forget. */
  | { ownerId: string; forget: true };

/** The filter a held list was read with; `search` is already folded ('' when none). */
export interface ListFilter {
  status: 'active' | 'inactive' | 'archived' | 'all';
  search: string;
}

/**
 * `list` (ordered like `listProjectsOfOwner`: updated_at newest first, then id) with `change`
 * applied, or null when the result cannot be told exactly without the database, and the list must
 * be read again. Never changes `list`: a held list may be in use by a request being answered.
 *
 * Null when the list has a search (the database's LIKE on the folded text decides it; not repeated
 * here) or when the project's updated_at equals another's to the millisecond: summaries carry
 * milliseconds, the database orders by microseconds, then by id.
 */
export function patchedList(
  list: ProjectSummary[],
  filter: ListFilter,
  change: ProjectListChange,
): ProjectSummary[] | null {
  if ('forget' in change || filter.search) return null;
  const rest = list.filter((project) => project.id !== change.projectId);
  if ('removed' in change) return rest;
  const { summary } = change;
  if (filter.status !== 'all' && summary.status !== filter.status) return rest;
  const at = Date.parse(summary.updated_at);
  let position = rest.length;
  for (const [index, project] of rest.entries()) {
    const other = Date.parse(project.updated_at);
    if (other === at) return null;
    if (other < at) {
      position = index;
      break;
    }
  }
  return [...rest.slice(0, position), summary, ...rest.slice(position)];
}

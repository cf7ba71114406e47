import type { ProjectStatus } from '@rota/contracts';
import { PROJECTS_QUERY_ROOT, projectResourcesKey } from '../../../lib/query-keys';

export type ProjectStatusFilter = ProjectStatus | 'all';
export const STATUS_FILTERS: readonly ProjectStatusFilter[] = [
  'all',
  'active',
  'inactive',
  'archived',
];

/** The list filters of spec §4: status (default all) and search (default empty). */
export interface ProjectFilters {
  search: string;
  status: ProjectStatusFilter;
}

export const DEFAULT_FILTERS: ProjectFilters = { search: '', status: 'all' };

export const projectKeys = {
  all: [PROJECTS_QUERY_ROOT] as const,
  lists: () => [PROJECTS_QUERY_ROOT, 'list'] as const,
  list: (filters: ProjectFilters) => [PROJECTS_QUERY_ROOT, 'list', filters] as const,
  detail: (id: string) => [PROJECTS_QUERY_ROOT, 'detail', id] as const,
  /** A project's own data (analyses and their jobs, ...); dropped when another project loads (spec §4). */
  resources: projectResourcesKey,
};

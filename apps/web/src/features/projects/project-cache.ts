import type { Project, ProjectSummary, TeamMember } from '@rota/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { projectKeys, type ProjectFilters } from './api/query-keys';
import { useProjectStore } from './project-store';

/**
 * Spec §4's project-state transitions, applied to the query cache so every list and page shows
 * the change at once; the lists are then refetched in the background to match the server exactly
 * (its order and its Turkish-aware search are the truth).
 */

export function toSummary(project: Project): ProjectSummary {
  const { repos, team_members: _members, ...summary } = project;
  return { ...summary, repo_count: repos.length };
}

const byRecency = (a: ProjectSummary, b: ProjectSummary) =>
  Date.parse(b.updated_at) - Date.parse(a.updated_at);

const statusMatches = (filters: ProjectFilters, project: ProjectSummary) =>
  filters.status === 'all' || filters.status === project.status;

function cachedLists(client: QueryClient): Array<[QueryKey, ProjectSummary[], ProjectFilters]> {
  return client
    .getQueriesData<ProjectSummary[]>({ queryKey: projectKeys.lists() })
    .flatMap(([key, data]) => (data ? [[key, data, key[2] as ProjectFilters]] : []));
}

/** Lists and summaries (the dashboard's too) refetch; projects and their resources do not. */
function refreshLists(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    queryKey: projectKeys.all,
    predicate: (query) => query.queryKey[1] !== 'detail' && query.queryKey[1] !== 'resources',
  });
}

/**
 * Create appends the project to the lists it belongs in. The API sorts by last change, so
 * "appended" means placed where the server will put it: first.
 */
export function projectCreated(client: QueryClient, project: Project): Promise<void> {
  const summary = toSummary(project);
  for (const [key, list, filters] of cachedLists(client)) {
    // A search filter is the server's to apply (diacritics, Turkish İ/ı); the refetch adds it there.
    if (filters.search.trim() !== '' || !statusMatches(filters, summary)) continue;
    client.setQueryData(key, [summary, ...list.filter((p) => p.id !== project.id)].sort(byRecency));
  }
  client.setQueryData(projectKeys.detail(project.id), project);
  return refreshLists(client);
}

/** Update replaces the project in every list and as the current project. */
export function projectUpdated(client: QueryClient, project: Project): Promise<void> {
  const summary = toSummary(project);
  for (const [key, list, filters] of cachedLists(client)) {
    const present = list.some((p) => p.id === project.id);
    let next: ProjectSummary[];
    if (!statusMatches(filters, summary)) next = list.filter((p) => p.id !== project.id);
    else if (present) next = list.map((p) => (p.id === project.id ? summary : p));
    else if (filters.search.trim() === '') next = [summary, ...list];
    else continue;
    client.setQueryData(key, next.sort(byRecency));
  }
  client.setQueryData(projectKeys.detail(project.id), project);
  // Its repositories may have changed: the analyses shown for it are asked for again.
  void client.invalidateQueries({ queryKey: projectKeys.resources(project.id) });
  return refreshLists(client);
}

/** Delete removes the project from every list and unsets it as current. */
export function projectDeleted(client: QueryClient, id: string): Promise<void> {
  useProjectStore.setState((state) => ({
    currentProjectId: state.currentProjectId === id ? null : state.currentProjectId,
    deletedIds: new Set([...state.deletedIds, id]),
  }));
  for (const [key, list] of cachedLists(client)) {
    if (list.some((p) => p.id === id))
      client.setQueryData(
        key,
        list.filter((p) => p.id !== id),
      );
  }
  client.removeQueries({ queryKey: projectKeys.detail(id) });
  client.removeQueries({ queryKey: projectKeys.resources(id) });
  return refreshLists(client);
}

/**
 * Loading a project makes it current; what belonged to the previous one (its analyses, analytics
 * and pull requests) is dropped, so none of it can show up under another project (spec §4).
 */
export function projectOpened(client: QueryClient, id: string): void {
  const previous = useProjectStore.getState().currentProjectId;
  if (previous === id) return;
  if (previous) client.removeQueries({ queryKey: projectKeys.resources(previous) });
  useProjectStore.setState({ currentProjectId: id });
}

export function memberAdded(client: QueryClient, projectId: string, member: TeamMember): void {
  client.setQueryData<Project>(projectKeys.detail(projectId), (project) =>
    project ? { ...project, team_members: [...project.team_members, member] } : project,
  );
}

export function memberRemoved(client: QueryClient, projectId: string, memberId: string): void {
  client.setQueryData<Project>(projectKeys.detail(projectId), (project) =>
    project
      ? { ...project, team_members: project.team_members.filter((m) => m.id !== memberId) }
      : project,
  );
}

import { useUiStore } from '../../lib/ui-store';

/** What the edit and delete modals are opened with (the ui store keeps payloads untyped). */
export interface ProjectRef {
  id: string;
  name: string;
  /** Known from a list row before the full project has loaded. */
  repoCount?: number;
}

export function asProjectRef(payload: unknown): ProjectRef | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { id, name, repoCount } = payload as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string') return null;
  return { id, name, ...(typeof repoCount === 'number' ? { repoCount } : {}) };
}

export const openCreateProject = () => useUiStore.getState().openModal('createProject');
export const openEditProject = (project: ProjectRef) =>
  useUiStore.getState().openModal('editProject', project);
export const openDeleteProject = (project: ProjectRef) =>
  useUiStore.getState().openModal('deleteConfirm', project);

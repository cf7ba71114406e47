import { create } from 'zustand';

/**
 * The little project state that is not server data (spec §4): which project is current, and which
 * ones this session deleted (so a page still showing one never asks the server for it again).
 * Lists and projects themselves live in the TanStack Query cache; see project-cache.ts.
 */
export interface ProjectStoreState {
  currentProjectId: string | null;
  deletedIds: ReadonlySet<string>;
}

export const initialProjectState = (): ProjectStoreState => ({
  currentProjectId: null,
  deletedIds: new Set(),
});

export const useProjectStore = create<ProjectStoreState>()(() => initialProjectState());

import { createContext, useContext } from 'react';

/**
 * Points a repository of the project at another branch. The project's page provides it (the
 * projects feature owns the update); where nobody does (the full report), no switch is offered.
 */
export type SwitchBranch = (repoId: string, branch: string) => Promise<void>;

export const BranchSwitchContext = createContext<SwitchBranch | null>(null);

export function useBranchSwitch(): SwitchBranch | null {
  return useContext(BranchSwitchContext);
}

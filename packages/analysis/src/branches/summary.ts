import type { Branch, BranchSummary } from '@rota/contracts';

const byName = (a: Branch, b: Branch) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
/** Least recently committed first; names break ties so the lists are stable across runs. */
const oldestFirst = (a: Branch, b: Branch) =>
  a.lastCommitDate < b.lastCommitDate ? -1 : a.lastCommitDate > b.lastCommitDate ? 1 : byName(a, b);
const mention = (branch: Branch) => ({
  name: branch.name,
  lastCommitDate: branch.lastCommitDate,
  daysSinceLastCommit: branch.daysSinceLastCommit,
});

/** Totals per status and the short lists a reader acts on (what to rebase, what to delete, what to review). */
export function summarizeBranches(branches: Branch[], listLimit: number): BranchSummary {
  const byStatus = { default: 0, merged: 0, ahead: 0, diverged: 0 };
  for (const branch of branches) byStatus[branch.status] += 1;
  // `stale` is decided once, per branch, where the branch is read (analyze-branches.ts); every
  // page reads this count or that flag, never a rule of its own.
  const stale = branches.filter((branch) => branch.stale);
  const releaseLines = branches.filter((branch) => branch.releaseLine);
  const merged = branches.filter((branch) => branch.status === 'merged' && !branch.releaseLine);
  return {
    total: branches.length,
    byStatus,
    stale: stale.length,
    active: branches.length - stale.length,
    releaseLines: {
      count: releaseLines.length,
      branches: releaseLines.sort(byName).slice(0, listLimit).map(mention),
    },
    stalest: stale.sort(oldestFirst).slice(0, listLimit).map(mention),
    mostDiverged: branches
      .filter((branch) => branch.diverged)
      .sort((a, b) => b.ahead + b.behind - (a.ahead + a.behind) || byName(a, b))
      .slice(0, listLimit)
      .map(({ name, ahead, behind }) => ({ name, ahead, behind })),
    mergedNotDeleted: {
      count: merged.length,
      branches: merged.sort(oldestFirst).slice(0, listLimit).map(mention),
    },
  };
}

import type {
  Branch,
  BranchAnalysis,
  BranchStatus,
  DefaultBranch,
  DefaultBranchSource,
} from '@rota/contracts';
import { AnalysisError } from '../errors.js';
import { headBranch, openRepository } from '../git/repository.js';
import { compareTips } from './ahead-behind.js';
import { readCommitGraph } from './commit-graph.js';
import { readBranchRefs, type BranchRef } from './read-refs.js';
import {
  carriesOwnVersionTags,
  isReleaseLineName,
  isSiteBranchName,
  readVersionTagCommits,
} from './release-lines.js';
import { summarizeBranches } from './summary.js';

export interface BranchAnalysisOptions {
  /** The instant staleness and ages are measured from (default: the current time). */
  now?: Date;
  /** A branch is stale after this many days without a commit (default 90). */
  staleDays?: number;
  /** Compare with this branch instead of the detected default branch. */
  defaultBranch?: string;
  /** Length of the summary lists (stalest, most diverged, merged-not-deleted); default 20. */
  listLimit?: number;
  /** Per git call (default 10 minutes). */
  timeoutMs?: number;
}

const DAY_MS = 86_400_000;

function checkOptions(
  options: BranchAnalysisOptions,
): Required<Omit<BranchAnalysisOptions, 'defaultBranch' | 'timeoutMs'>> {
  const now = options.now ?? new Date();
  const staleDays = options.staleDays ?? 90;
  const listLimit = options.listLimit ?? 20;
  if (!(now instanceof Date) || Number.isNaN(now.getTime()))
    throw new AnalysisError('INVALID_OPTIONS', 'now must be a valid date');
  if (!Number.isInteger(staleDays) || staleDays < 1 || staleDays > 36_500)
    throw new AnalysisError('INVALID_OPTIONS', 'staleDays must be a whole number from 1 to 36500');
  if (!Number.isInteger(listLimit) || listLimit < 0 || listLimit > 10_000)
    throw new AnalysisError('INVALID_OPTIONS', 'listLimit must be a whole number from 0 to 10000');
  return { now, staleDays, listLimit };
}

/**
 * The branch the others are compared with: the one asked for, else what HEAD points at, else
 * what origin/HEAD points at, else `main` or `master`, else the most recently committed branch.
 */
function pickDefault(
  branches: BranchRef[],
  requested: string | undefined,
  head: string | null,
  originHead: string | null,
): { branch: BranchRef; source: DefaultBranchSource } | null {
  const byName = new Map(branches.map((branch) => [branch.name, branch]));
  if (requested !== undefined) {
    const branch = byName.get(requested);
    if (!branch) throw new AnalysisError('UNKNOWN_REF', `no branch named ${requested}`);
    return { branch, source: 'option' };
  }
  const candidates: Array<[string | null, DefaultBranchSource]> = [
    [head, 'head'],
    [originHead, 'origin-head'],
    ['main', 'conventional-name'],
    ['master', 'conventional-name'],
  ];
  for (const [name, source] of candidates) {
    const branch = name === null ? undefined : byName.get(name);
    if (branch) return { branch, source };
  }
  const newest = branches.reduce<BranchRef | null>(
    (best, branch) => (!best || branch.committerTime > best.committerTime ? branch : best),
    null,
  );
  return newest && { branch: newest, source: 'most-recent' };
}

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const wholeDays = (fromMs: number, toMs: number) =>
  Math.max(0, Math.floor((toMs - fromMs) / DAY_MS));

/**
 * Every branch compared with the default branch, from two git reads whatever the branch count:
 * one for-each-ref (tips and their commit details) and one rev-list over all tips (the graph).
 * An empty repository (no branch at all) gives an empty analysis rather than an error: having no
 * branches is a fact about it, not a failure.
 */
export async function analyzeBranches(
  repositoryPath: string,
  options: BranchAnalysisOptions = {},
): Promise<BranchAnalysis> {
  const { now, staleDays, listLimit } = checkOptions(options);
  const { gitDir, shallow } = await openRepository(repositoryPath);
  // The graph of every branch is read while for-each-ref runs (the two git calls cost about the
  // same). If a ref moved in between, or rev-list refused a ref for-each-ref skipped, the graph is
  // read again from the exact tips, so results always describe the refs that were listed.
  const everyBranch = readCommitGraph(gitDir, null, options.timeoutMs).catch(
    (error: unknown) => error as Error,
  );
  const [listing, head, versionTags] = await Promise.all([
    readBranchRefs(gitDir, options.timeoutMs),
    headBranch(gitDir),
    readVersionTagCommits(gitDir, options.timeoutMs),
  ]);
  const chosen = pickDefault(listing.branches, options.defaultBranch, head, listing.originHead);
  const base = { asOf: now.toISOString(), staleDays, shallow, ignoredRefs: listing.ignored };
  if (!chosen) {
    await everyBranch;
    return {
      ...base,
      defaultBranch: null,
      branches: [],
      summary: summarizeBranches([], listLimit),
    };
  }
  const defaultBranch: DefaultBranch = {
    name: chosen.branch.name,
    ref: chosen.branch.ref,
    tip: chosen.branch.tip,
    source: chosen.source,
  };

  const tipShas = [...new Set(listing.branches.map((branch) => branch.tip))];
  const listed = await everyBranch;
  const graph =
    listed instanceof Error || tipShas.some((sha) => !listed.indexOf.has(sha))
      ? await readCommitGraph(gitDir, tipShas, options.timeoutMs)
      : listed;
  const tips = tipShas.map((sha) => {
    const index = graph.indexOf.get(sha);
    if (index === undefined) throw new AnalysisError('GIT_FAILED', `rev-list did not list ${sha}`);
    return index;
  });
  const defaultIndex = graph.indexOf.get(defaultBranch.tip)!;
  const comparison = compareTips(graph, tips, defaultIndex);
  const bitOf = new Map(tipShas.map((sha, bit) => [sha, bit]));
  const namedLines = listing.branches
    .filter((ref) => ref.name !== defaultBranch.name && isReleaseLineName(ref.name))
    .map((ref) => tips[bitOf.get(ref.tip)!]!);
  const ownTags = carriesOwnVersionTags(graph, tips, [defaultIndex, ...namedLines], versionTags);

  const nowMs = now.getTime();
  const branches = listing.branches.map((ref): Branch => {
    const bit = bitOf.get(ref.tip)!;
    const ahead = comparison.ahead[bit]!;
    const behind = comparison.behind[bit]!;
    const isDefault = ref.name === defaultBranch.name;
    const diverged = ahead > 0 && behind > 0;
    const status: BranchStatus = isDefault
      ? 'default'
      : ahead === 0
        ? 'merged'
        : diverged
          ? 'diverged'
          : 'ahead';
    const oldest = comparison.oldestUnique[bit]!;
    const lastMs = ref.committerTime * 1000;
    const releaseLine = isDefault
      ? null
      : isReleaseLineName(ref.name)
        ? 'name'
        : ownTags[bit]
          ? 'version-tags'
          : null;
    return {
      name: ref.name,
      ref: ref.ref,
      tip: ref.tip,
      isDefault,
      lastCommitDate: iso(ref.committerTime),
      daysSinceLastCommit: wholeDays(lastMs, nowMs),
      author: { name: ref.authorName, email: ref.authorEmail },
      subject: ref.subject,
      ahead,
      behind,
      merged: comparison.merged[bit]!,
      diverged,
      releaseLine,
      // One definition of a stale branch for every page (docs/analysis/branches.md): work that
      // may be abandoned, so neither the default branch, a release line, a website branch nor a
      // merged branch.
      stale:
        !isDefault &&
        releaseLine === null &&
        !isSiteBranchName(ref.name) &&
        status !== 'merged' &&
        nowMs - lastMs > staleDays * DAY_MS,
      status,
      oldestUniqueCommitDate: Number.isNaN(oldest) ? null : iso(oldest),
      ageDays: Number.isNaN(oldest) ? null : wholeDays(oldest * 1000, nowMs),
    };
  });
  return { ...base, defaultBranch, branches, summary: summarizeBranches(branches, listLimit) };
}

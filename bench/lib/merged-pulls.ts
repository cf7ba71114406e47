/**
 * Which pull-request heads of a bare mirror (`refs/pull/<n>/head`) were merged, read from git
 * alone, and where each one's base was when it landed. Two tests, reported separately:
 *
 *   ancestor  the head is reachable from a release branch (GitHub's merge button, or a push that
 *             kept the commits);
 *   message   a commit on a release branch says "Merge pull request #N", "(#N)" (squash) or
 *             "closes/fixes #N" (a maintainer rebased or squashed the commits by hand).
 *
 * The base of the diff (what GitHub's base…head diff showed reviewers):
 *   - a head on a release branch: merge-base(landing^1, head), where `landing` is the commit whose
 *     message names the pull request, else the first-parent commit of the branch that brought the
 *     head in; landing^1 is the branch as it stood just before the change landed;
 *   - a head that is not (rebased or squashed by hand): the newest release-branch commit the head
 *     grew from (`git rev-list --boundary head --not <release branches>`). The landing commit may
 *     sit on another line than the one the pull request was opened against (express applied 4.x
 *     pull requests to its 5.0 branch), so it cannot give this base.
 * Branches are tried oldest maintenance line first: a 4.x pull request reaches master only
 * through a "merge 4.x" commit, whose diff would hold every other 4.x change too.
 */
import { execFileSync } from 'node:child_process';
import { GIT_HARDENING_ARGS, gitEnvironment } from '../../packages/analysis/src/git/run-git.js';

export interface MergedPull {
  number: number;
  head: string;
  branch: string;
  /** What the pull request's diff starts from (see above). */
  base: string;
  foundBy: { ancestor: boolean; message: boolean };
  /** The landing commit's words for the title, when it has them (merge body or squash subject). */
  landingTitle: string | null;
  /** The commit that brought the change onto its release branch (its committer time: the merge). */
  landing: string;
}

export interface CommitInfo {
  parents: string[];
  /** Committer time, seconds. */
  time: number;
  subject: string;
  body: string;
}

export function gitOf(gitDir: string, args: string[]): string {
  return execFileSync('git', [...GIT_HARDENING_ARGS, `--git-dir=${gitDir}`, ...args], {
    env: gitEnvironment(),
    maxBuffer: 1 << 30,
  }).toString();
}

/** Maintenance lines oldest first (4.x, 5.0, 5.x), then master/main. */
const RELEASE_BRANCH = /^(master|main|\d+\.(x|\d+))$/;

export function releaseBranches(gitDir: string): string[] {
  return gitOf(gitDir, ['for-each-ref', '--format=%(refname:strip=2)', 'refs/heads'])
    .split('\n')
    .filter((name) => RELEASE_BRANCH.test(name))
    .sort((a, b) => {
      const rank = (name: string) => (/^\d/.test(name) ? 0 : 1);
      return rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true });
    });
}

export function pullHeads(gitDir: string): Map<number, string> {
  const heads = new Map<number, string>();
  const listing = gitOf(gitDir, [
    'for-each-ref',
    '--format=%(objectname) %(refname)',
    'refs/pull/*/head',
  ]);
  for (const line of listing.split('\n')) {
    const match = /^([0-9a-f]{40}) refs\/pull\/(\d+)\/head$/.exec(line);
    if (match) heads.set(Number(match[2]), match[1]!);
  }
  return heads;
}

/** Every commit reachable from `refs`, with parents and message (one `git log`). */
export function readCommits(gitDir: string, refs: string[]): Map<string, CommitInfo> {
  const commits = new Map<string, CommitInfo>();
  const log = gitOf(gitDir, ['log', '--format=%H%x1f%P%x1f%ct%x1f%s%x1f%b%x1e', ...refs, '--']);
  for (const record of log.split('\x1e')) {
    const [hash, parents, time, subject, body] = record.replace(/^\n/, '').split('\x1f');
    if (!hash || hash.length !== 40) continue;
    commits.set(hash, {
      parents: parents ? parents.split(' ') : [],
      time: Number(time),
      subject: subject ?? '',
      body: (body ?? '').trim(),
    });
  }
  return commits;
}

const MERGE_BUTTON = /^Merge pull request #(\d+)\b/;
const SQUASH = /\(#(\d+)\)\s*$/;
const CLOSES = /\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s+#(\d+)\b/gi;

/** The pull-request numbers a commit message says it lands, and the title it gives the first. */
function namedPulls(commit: CommitInfo): { numbers: number[]; title: string | null } {
  const merge = MERGE_BUTTON.exec(commit.subject);
  // GitHub's merge button writes the pull request's title as the merge commit's body.
  if (merge) return { numbers: [Number(merge[1])], title: commit.body.split('\n')[0] || null };
  const squash = SQUASH.exec(commit.subject);
  if (squash)
    return { numbers: [Number(squash[1])], title: commit.subject.replace(SQUASH, '').trim() };
  const text = `${commit.subject}\n${commit.body}`;
  return { numbers: [...text.matchAll(CLOSES)].map((match) => Number(match[1])), title: null };
}

/**
 * For each commit reachable from `tip`, the first-parent commit of the branch that brought it in:
 * walking the first-parent line from the root, a merge brings in everything its other parents
 * reach that was not there yet.
 */
function landingCommits(tip: string, commits: Map<string, CommitInfo>): Map<string, string> {
  const line: string[] = [];
  for (let at: string | undefined = tip; at && commits.has(at); at = commits.get(at)!.parents[0])
    line.push(at);
  const landing = new Map<string, string>();
  for (const mainline of line.reverse()) {
    landing.set(mainline, mainline);
    const stack = commits.get(mainline)!.parents.slice(1);
    while (stack.length) {
      const hash = stack.pop()!;
      if (landing.has(hash) || !commits.has(hash)) continue;
      landing.set(hash, mainline);
      stack.push(...commits.get(hash)!.parents);
    }
  }
  return landing;
}

export function findMergedPulls(gitDir: string): {
  merged: MergedPull[];
  heads: number;
  branches: string[];
  commits: Map<string, CommitInfo>;
} {
  const branches = releaseBranches(gitDir);
  const heads = pullHeads(gitDir);
  const commits = readCommits(gitDir, branches);
  const tips = new Map(
    branches.map((branch) => [branch, gitOf(gitDir, ['rev-parse', branch]).trim()]),
  );
  const landings = branches.map((branch) => ({
    branch,
    landing: landingCommits(tips.get(branch)!, commits),
  }));

  // Newest commit first (git log order), so a number named twice keeps its latest landing.
  const byMessage = new Map<number, { commit: string; title: string | null }>();
  for (const [hash, commit] of commits) {
    const { numbers, title } = namedPulls(commit);
    for (const number of numbers)
      if (heads.has(number) && !byMessage.has(number))
        byMessage.set(number, { commit: hash, title: numbers.length === 1 ? title : null });
  }

  const merged: MergedPull[] = [];
  for (const [number, head] of heads) {
    const ancestor = commits.has(head);
    const named = byMessage.get(number);
    if (!ancestor && !named) continue;
    const reached = landings.find((entry) => entry.landing.has(named?.commit ?? head))!;
    const base = ancestor
      ? landedBase(gitDir, named?.commit ?? reached.landing.get(head)!, head, commits)
      : forkPoint(gitDir, head, branches, commits);
    if (!base) continue;
    const landing = named?.commit ?? reached.landing.get(head)!;
    merged.push({
      number,
      head,
      branch: reached.branch,
      base,
      foundBy: { ancestor, message: named !== undefined },
      landingTitle: named?.title ?? null,
      landing,
    });
  }
  return {
    merged: merged.sort((a, b) => b.number - a.number),
    heads: heads.size,
    branches,
    commits,
  };
}

/** merge-base(landing^1, head); null for a root landing commit. */
function landedBase(
  gitDir: string,
  landing: string,
  head: string,
  commits: Map<string, CommitInfo>,
): string | null {
  const before = commits.get(landing)?.parents[0];
  if (!before) return null;
  return gitOf(gitDir, ['merge-base', before, head]).trim() || null;
}

/** The newest release-branch commit a head that is not on a release branch grew from. */
function forkPoint(
  gitDir: string,
  head: string,
  branches: string[],
  commits: Map<string, CommitInfo>,
): string | null {
  const boundary = gitOf(gitDir, ['rev-list', '--boundary', head, '--not', ...branches])
    .split('\n')
    .filter((line) => line.startsWith('-'))
    .map((line) => line.slice(1))
    .filter((hash) => commits.has(hash));
  if (boundary.length === 0) return null;
  return boundary.reduce((a, b) => (commits.get(b)!.time > commits.get(a)!.time ? b : a));
}

import { runGit } from '../git/run-git.js';
import type { CommitGraph } from './commit-graph.js';

/**
 * Release and maintenance lines: branches kept on purpose to ship fixes to an older version, so
 * neither "delete, it is merged" nor "stale, review it" applies to them. The rule (names and
 * version tags) is documented in docs/analysis/branches.md; change both together.
 */
const RELEASE_LINE_NAMES = [
  // stable, release, releases, maint, maintenance, lts, oldstable
  /^(?:stable|oldstable|release|releases|maint|maintenance|lts)$/,
  // release/2.0, releases/next, maintenance/1.x, lts/hydrogen, stable/2023: any line in the folder
  /^(?:release|releases|maint|maintenance|lts|stable)\/./,
  // release-2.0, release-v3, maint-3, stable-1.x: the hyphen form only with a version after it,
  // since `release-notes` or `release-branch-diagram` name work about releases
  /^(?:release|releases|maint|maintenance|lts|stable)-v?\d/,
  // 5.x, 2.3.x, 1.x.x, v4.x
  /^v?\d+(?:\.\d+)*(?:\.x)+$/,
  // okhttp_3.12.x, jetty-9.4.x: the project's name, an underscore or a dash, a version line
  /^[a-z][a-z0-9]*[-_]v?\d+(?:\.\d+)*(?:\.x)+$/i,
  // v4, v4.2, 4.2, 4.2.1 (a bare number such as "123" is more often an issue than a version)
  /^(?:v\d+|v?\d+(?:\.\d+)+)$/,
  // Rails' 7-1-stable, 2.3-stable, 3.0-maint
  /^\d+(?:[.-]\d+)*-(?:stable|maint|maintenance|lts)$/,
  // Spark's branch-3.5
  /^branch-\d+(?:\.\d+)*$/,
];

export function isReleaseLineName(name: string): boolean {
  return RELEASE_LINE_NAMES.some((pattern) => pattern.test(name));
}

/**
 * Branches that hold a project's website or published documentation (`gh-pages`, retrofit's
 * `site`): they are published from, not merged, so they are never stale work to review
 * (docs/analysis/branches.md).
 */
const SITE_BRANCH = /^(?:gh-pages|pages|site|website|www|docs|documentation)$/i;

export function isSiteBranchName(name: string): boolean {
  return SITE_BRANCH.test(name);
}

/** A tag naming a version: `1.2`, `v1.2.3`, `express@5.0.0`, `release-2.1`, `v4`. */
const VERSION_TAG = /(?:^|[-_/@])v?\d+\.\d+|^v\d+$/i;

/** The commits version tags point at (annotated tags peeled), by tag name rule above. */
export async function readVersionTagCommits(gitDir: string, timeoutMs?: number): Promise<string[]> {
  const { stdout } = await runGit(
    gitDir,
    [
      'for-each-ref',
      '--format=%(refname:lstrip=2)%00%(objecttype)%00%(objectname)%00%(*objecttype)%00%(*objectname)',
      'refs/tags/',
    ],
    { timeoutMs },
  );
  const commits = new Set<string>();
  for (const line of stdout.toString('utf8').split('\n')) {
    const [name, type, sha, peeledType, peeled] = line.split('\0');
    if (!name || !VERSION_TAG.test(name)) continue;
    if (type === 'commit' && sha) commits.add(sha);
    else if (peeledType === 'commit' && peeled) commits.add(peeled);
  }
  return [...commits];
}

/**
 * For each tip: does its history hold a version-tagged commit that none of `baseTips` reaches? The
 * base is the default branch and the release lines known by name: a release line is where such
 * tags are cut (1.1.x gets 1.1.4 after main moved on to 2.0), while a topic branch started from a
 * named line (a fix off `v1.x`) only carries that line's tags and is not one itself. One pass over
 * the graph: each commit outside reach(base) is asked once, parents before children.
 */
export function carriesOwnVersionTags(
  graph: CommitGraph,
  tips: readonly number[],
  baseTips: readonly number[],
  taggedShas: readonly string[],
): boolean[] {
  const tagged = new Uint8Array(graph.size);
  for (const sha of taggedShas) {
    const index = graph.indexOf.get(sha);
    if (index !== undefined) tagged[index] = 1;
  }
  const onDefault = new Uint8Array(graph.size);
  const stack = [...baseTips];
  for (const tip of baseTips) onDefault[tip] = 1;
  while (stack.length) {
    const commit = stack.pop()!;
    for (let k = graph.parentStart[commit]!; k < graph.parentStart[commit + 1]!; k++) {
      const parent = graph.parents[k]!;
      if (!onDefault[parent]) {
        onDefault[parent] = 1;
        stack.push(parent);
      }
    }
  }
  if (!tagged.some((flag, commit) => flag === 1 && !onDefault[commit]))
    return tips.map(() => false);
  // 0: not asked yet, 1: being asked, 2: yes, 3: no.
  const answer = new Uint8Array(graph.size);
  const reaches = (tip: number): boolean => {
    if (onDefault[tip]) return false;
    const work = [tip];
    while (work.length) {
      const commit = work.at(-1)!;
      if (answer[commit] === 0) {
        answer[commit] = 1;
        if (tagged[commit]) {
          answer[commit] = 2;
          work.pop();
          continue;
        }
        for (let k = graph.parentStart[commit]!; k < graph.parentStart[commit + 1]!; k++) {
          const parent = graph.parents[k]!;
          if (!onDefault[parent] && answer[parent] === 0) work.push(parent);
        }
        continue;
      }
      work.pop();
      if (answer[commit] !== 1) continue;
      let found = false;
      for (let k = graph.parentStart[commit]!; k < graph.parentStart[commit + 1]!; k++)
        if (answer[graph.parents[k]!] === 2) found = true;
      answer[commit] = found ? 2 : 3;
    }
    return answer[tip] === 2;
  };
  return tips.map(reaches);
}

import { AnalysisError } from '../errors.js';
import { streamGitChunks } from './git-stream.js';

/**
 * Every commit reachable from the branch tips, read with ONE `git rev-list --parents --timestamp`
 * and kept as integer arrays: commit i's parents are `parents[parentStart[i] .. parentStart[i+1])`.
 * Shas are interned once into a Map; everything after that works on small integers, which is
 * what lets 5,000 branches be compared in process instead of by 5,000 git calls.
 */
export interface CommitGraph {
  size: number;
  indexOf: Map<string, number>;
  /** Committer date, unix seconds. */
  time: Float64Array;
  parentStart: Int32Array;
  parents: Int32Array;
}

const REV_LIST = ['rev-list', '--parents', '--timestamp'];
/** Every ref the branch listing reads from (read-refs.ts); lets the graph be read concurrently. */
export const ALL_BRANCHES = ['--branches', '--remotes=origin'];

class IntList {
  data = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/**
 * `tips`: the exact commits to start from (fed through stdin), or null for every local and origin
 * branch, which needs no for-each-ref first and so can run alongside it.
 */
export async function readCommitGraph(
  gitDir: string,
  tips: string[] | null,
  timeoutMs?: number,
): Promise<CommitGraph> {
  const indexOf = new Map<string, number>();
  const intern = (sha: string): number => {
    let index = indexOf.get(sha);
    if (index === undefined) {
      index = indexOf.size;
      indexOf.set(sha, index);
    }
    return index;
  };
  // rev-list prints children before parents, so a parent is usually interned before its own line
  // arrives: lines are stored in arrival order and mapped to commit indexes afterwards.
  const lineCommit = new IntList();
  const lineStart = new IntList();
  const lineTime: number[] = [];
  const edges = new IntList();
  for await (const chunk of streamGitChunks(
    gitDir,
    tips ? [...REV_LIST, '--stdin'] : [...REV_LIST, ...ALL_BRANCHES],
    { separator: '\n', input: tips?.map((tip) => `${tip}\n`).join(''), timeoutMs },
  )) {
    // Each line is `<unix time> <sha> <parent sha>...`: ASCII, parsed straight from the bytes.
    let lineStartAt = 0;
    while (lineStartAt < chunk.length) {
      const newline = chunk.indexOf(10, lineStartAt);
      const space = chunk.indexOf(32, lineStartAt);
      if (space === -1 || space > newline) {
        if (newline > lineStartAt)
          throw new AnalysisError(
            'GIT_FAILED',
            'unexpected rev-list output',
            chunk.toString('latin1', lineStartAt, Math.min(newline, lineStartAt + 200)),
          );
        lineStartAt = newline + 1;
        continue;
      }
      let seconds = 0;
      for (let at = lineStartAt; at < space; at += 1) seconds = seconds * 10 + chunk[at]! - 48;
      lineTime.push(seconds);
      lineStart.push(edges.length);
      let from = space + 1;
      let first = true;
      while (from < newline) {
        let to = chunk.indexOf(32, from);
        if (to === -1 || to > newline) to = newline;
        const index = intern(chunk.toString('latin1', from, to));
        if (first) lineCommit.push(index);
        else edges.push(index);
        first = false;
        from = to + 1;
      }
      lineStartAt = newline + 1;
    }
  }
  const size = indexOf.size;
  if (lineCommit.length !== size)
    throw new AnalysisError('GIT_FAILED', 'rev-list named a parent it did not list');
  const time = new Float64Array(size);
  const parentStart = new Int32Array(size + 1);
  const parents = new Int32Array(edges.length);
  const order = new Int32Array(size);
  for (let line = 0; line < size; line += 1) order[lineCommit.data[line]!] = line;
  let cursor = 0;
  for (let commit = 0; commit < size; commit += 1) {
    const line = order[commit]!;
    const from = lineStart.data[line]!;
    const to = line + 1 < size ? lineStart.data[line + 1]! : edges.length;
    parentStart[commit] = cursor;
    time[commit] = lineTime[line]!;
    for (let e = from; e < to; e += 1) parents[cursor++] = edges.data[e]!;
  }
  parentStart[size] = cursor;
  return { size, indexOf, time, parentStart, parents };
}

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeBranches } from './analyze-branches.js';
import { readCommitGraph } from './commit-graph.js';
import { fastImport, type ImportCommit } from './testing/fast-import.js';
import { gitAheadBehind } from './testing/git-truth.js';
import { syntheticGraph } from './testing/synthetic-graph.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function bareRepo(commits: ImportCommit[], branches: Array<{ name: string; commit: number }>) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-branches-'));
  dirs.push(dir);
  execFileSync('git', ['init', '-q', '--bare', '--initial-branch=b0', dir]);
  fastImport(
    dir,
    commits,
    branches.map(({ name, commit }) => ({ ref: `refs/heads/${name}`, commit })),
  );
  return dir;
}

/**
 * Random commit graphs: each commit has 1–4 parents among the earlier ones (sometimes none: a new
 * root), so merges, octopus merges, criss-crosses, several roots and shared tips all turn up.
 */
const graphs = fc.integer({ min: 2, max: 40 }).chain((size) =>
  fc.record({
    parents: fc.tuple(
      ...Array.from({ length: size }, (_, index) =>
        index === 0
          ? fc.constant<number[]>([])
          : fc.oneof(
              { weight: 1, arbitrary: fc.constant<number[]>([]) },
              {
                weight: 12,
                arbitrary: fc.uniqueArray(fc.integer({ min: 0, max: index - 1 }), {
                  minLength: 1,
                  maxLength: Math.min(4, index),
                }),
              },
            ),
      ),
    ),
    tips: fc.array(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: 10 }),
  }),
);

describe('compareTips against git', () => {
  it('equals git rev-list --left-right --count on random graphs, for every branch', async () => {
    await fc.assert(
      fc.asyncProperty(graphs, async ({ parents, tips }) => {
        const commits = parents.map((list, index) => ({ parents: list, time: 1.7e9 + index * 60 }));
        const branches = tips.map((commit, index) => ({ name: `b${index}`, commit }));
        const dir = bareRepo(commits, branches);
        const result = await analyzeBranches(dir, { now: new Date('2026-01-01') });
        expect(result.defaultBranch?.name).toBe('b0');
        for (const branch of result.branches) {
          const truth = gitAheadBehind(dir, 'refs/heads/b0', branch.ref);
          expect({ name: branch.name, ahead: branch.ahead, behind: branch.behind }).toEqual({
            name: branch.name,
            ...truth,
          });
        }
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 15, seed: 20260601 },
    );
  });

  it('scales to 5,000 branches and still matches git on a sample of them', async () => {
    const graph = syntheticGraph({
      commits: 10_000,
      branches: 5000,
      seed: 3,
      maxOwnCommits: 2,
    });
    const dir = bareRepo(graph.commits, graph.branches);
    execFileSync('git', ['--git-dir', dir, 'symbolic-ref', 'HEAD', 'refs/heads/main']);
    const result = await analyzeBranches(dir, { now: graph.now });
    expect(result.branches).toHaveLength(5000);
    expect(result.summary.total).toBe(5000);
    const sample = result.branches.filter((_, index) => index % 250 === 0);
    sample.push(...result.branches.filter((b) => ['develop', 'gh-pages'].includes(b.name)));
    for (const branch of sample) {
      expect({ name: branch.name, ahead: branch.ahead, behind: branch.behind }).toEqual({
        name: branch.name,
        ...gitAheadBehind(dir, 'refs/heads/main', branch.ref),
      });
    }
  });
});

describe('readCommitGraph', () => {
  it('reads only the ancestors of the tips it is given, parents by index', async () => {
    const commits = [0, 1, 2, 3].map((index) => ({
      parents: index === 0 ? [] : index === 3 ? [1, 2] : [0],
      time: 1.7e9 + index,
    }));
    const dir = bareRepo(commits, [
      { name: 'b0', commit: 3 },
      { name: 'side', commit: 2 },
    ]);
    const sha = (ref: string) =>
      execFileSync('git', ['--git-dir', dir, 'rev-parse', ref]).toString().trim();
    const graph = await readCommitGraph(dir, [sha('side')]);
    expect(graph.size).toBe(2);
    const side = graph.indexOf.get(sha('side'))!;
    const root = graph.indexOf.get(sha('side~1'))!;
    expect([
      ...graph.parents.subarray(graph.parentStart[side], graph.parentStart[side + 1]),
    ]).toEqual([root]);
    expect(graph.time[root]).toBe(1.7e9);
    const everything = await readCommitGraph(dir, null);
    expect(everything.size).toBe(4);
  });
});

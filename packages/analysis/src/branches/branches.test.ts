import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { BranchAnalysisSchema, type BranchAnalysis } from '@rota/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createRepo, type RepoBuilder } from '../testing/repo-builder.js';
import { analyzeBranches } from './analyze-branches.js';
import { gitAheadBehind, gitIsMerged, gitOldestUnique } from './testing/git-truth.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const repos: RepoBuilder[] = [];
afterAll(() => repos.forEach((repo) => repo.remove()));
const track = (repo: RepoBuilder) => (repos.push(repo), repo);

/** Every branch's figures must be what git prints for it, one git call per branch. */
function expectSameAsGit(dir: string, result: BranchAnalysis): void {
  expect(BranchAnalysisSchema.parse(result)).toEqual(result);
  const base = result.defaultBranch!.ref;
  for (const branch of result.branches) {
    expect({ name: branch.name, ...gitAheadBehind(dir, base, branch.ref) }).toEqual({
      name: branch.name,
      ahead: branch.ahead,
      behind: branch.behind,
    });
    expect([branch.name, branch.merged]).toEqual([branch.name, gitIsMerged(dir, base, branch.ref)]);
    expect([branch.name, branch.oldestUniqueCommitDate]).toEqual([
      branch.name,
      gitOldestUnique(dir, base, branch.ref),
    ]);
  }
}

// One repository with every shape: linear history, a branch ahead, one behind, one diverged, a
// --no-ff merge, an octopus merge, criss-cross merges, an orphan branch and awkward names.
const shapes = track(createRepo());
let day = 0;
const commit = (message: string) =>
  shapes.commit(message, { date: `2026-01-${String(++day).padStart(2, '0')}T10:00:00Z` });
const at = (branch: string) => shapes.git('checkout', '-q', branch);
const c1 = commit('c1');
commit('c2');
const c3 = commit('c3');
shapes.git('branch', 'fix/behind');
shapes.git('branch', 'topic/diverged', c1);
shapes.git('branch', 'merged/feature');
shapes.git('branch', 'criss', c1);
shapes.git('branch', 'cross', c1);
at('merged/feature');
commit('m1');
commit('m2');
at('main');
commit('c4');
shapes.git('merge', '-q', '--no-ff', '-m', 'Merge merged/feature', 'merged/feature');
for (const name of ['oct/a', 'oct/b', 'oct/c']) {
  shapes.git('checkout', '-q', '-b', name, 'main');
  shapes.write(`${name}.txt`, name);
  commit(name);
}
at('main');
shapes.git('merge', '-q', '-m', 'octopus', 'oct/a', 'oct/b', 'oct/c');
commit('c5');
at('topic/diverged');
commit('d1');
commit('d2');
at('criss');
commit('criss 1');
at('cross');
commit('cross 1');
shapes.git('merge', '-q', '--no-ff', '-m', 'cross takes criss', 'criss~0');
at('criss');
shapes.git('merge', '-q', '--no-ff', '-m', 'criss takes cross', 'cross~1');
commit('criss 2');
shapes.git('checkout', '-q', '-b', 'özellik/ünïcode dalı'.replace(' ', '-'), 'main');
commit('unicode');
shapes.git('checkout', '-q', '-b', 'feature/ahead', 'main');
commit('a1');
commit('a2');
shapes.git('checkout', '-q', '--orphan', 'gh-pages');
shapes.git('rm', '-rfq', '.');
shapes.write('index.html', '<h1>pages</h1>');
commit('pages');
at('main');
shapes.git('update-ref', 'refs/heads/-rf', c3);
shapes.git('update-ref', 'refs/heads/--output=x', c1);
shapes.git('update-ref', 'refs/heads/a/b/c/deep', c3);
shapes.git('symbolic-ref', 'refs/heads/alias', 'refs/heads/main');

describe('analyzeBranches on every graph shape', () => {
  it('matches git rev-list --left-right --count, merge-base and log for every branch', async () => {
    const result = await analyzeBranches(shapes.dir, { now: NOW });
    expect(result.defaultBranch).toMatchObject({ name: 'main', source: 'head' });
    expect(result.branches.map((branch) => branch.name)).toEqual(
      [
        '--output=x',
        '-rf',
        'a/b/c/deep',
        'criss',
        'cross',
        'feature/ahead',
        'fix/behind',
        'gh-pages',
        'main',
        'merged/feature',
        'oct/a',
        'oct/b',
        'oct/c',
        'topic/diverged',
        'özellik/ünïcode-dalı',
      ].sort(),
    );
    expect(result.ignoredRefs).toEqual([{ ref: 'refs/heads/alias', reason: 'symbolic-ref' }]);
    expectSameAsGit(shapes.dir, result);
  });

  it('classifies each branch and summarises the states', async () => {
    const result = await analyzeBranches(shapes.dir, { now: NOW, staleDays: 140 });
    const by = Object.fromEntries(result.branches.map((branch) => [branch.name, branch]));
    expect(by['main']).toMatchObject({ status: 'default', isDefault: true, ahead: 0, behind: 0 });
    expect(by['feature/ahead']).toMatchObject({ status: 'ahead', ahead: 2, behind: 0 });
    expect(by['fix/behind']).toMatchObject({ status: 'merged', merged: true, ahead: 0 });
    expect(by['merged/feature']).toMatchObject({ status: 'merged', diverged: false });
    expect(by['oct/b']).toMatchObject({ status: 'merged' });
    expect(by['topic/diverged']).toMatchObject({ status: 'diverged', diverged: true, ahead: 2 });
    expect(by['gh-pages']).toMatchObject({ status: 'diverged', ahead: 1 });
    // Unrelated history: everything on main is behind.
    expect(by['gh-pages']!.behind).toBe(Number(shapes.git('rev-list', '--count', 'main')));
    expect(by['feature/ahead']).toMatchObject({
      subject: 'a2',
      author: { name: 'Test Author', email: 'author@example.com' },
      lastCommitDate: by['feature/ahead']!.lastCommitDate,
    });
    // c1 is 2026-01-01T10:00Z, 150.6 days before NOW, past 140 days; but a merged branch is
    // never stale (it is the "merged, not deleted" finding), and the newest are not.
    expect(by['--output=x']).toMatchObject({ stale: false, daysSinceLastCommit: 150 });
    expect(by['feature/ahead']!.stale).toBe(false);
    expect(by['topic/diverged']!.ageDays).toBe(
      Math.floor(
        (NOW.getTime() - Date.parse(by['topic/diverged']!.oldestUniqueCommitDate!)) / 864e5,
      ),
    );
    const { summary } = result;
    expect(summary.total).toBe(15);
    // merged: -rf, --output=x, a/b/c/deep, fix/behind, merged/feature, oct/a, oct/b, oct/c;
    // ahead: feature/ahead, the unicode branch; diverged: criss, cross, topic/diverged, gh-pages.
    expect(summary.byStatus).toEqual({ default: 1, merged: 8, ahead: 2, diverged: 4 });
    expect(summary.stale + summary.active).toBe(15);
    expect(summary.stale).toBe(result.branches.filter((branch) => branch.stale).length);
    expect(summary.stalest.map((entry) => entry.name).sort()).toEqual(
      result.branches
        .filter((branch) => branch.stale)
        .map((branch) => branch.name)
        .sort(),
    );
    const spread = summary.mostDiverged.map((entry) => entry.ahead + entry.behind);
    expect(spread).toEqual([...spread].sort((a, b) => b - a));
    expect(summary.mostDiverged.map((entry) => entry.name).sort()).toEqual(
      ['criss', 'cross', 'gh-pages', 'topic/diverged'].sort(),
    );
    expect(summary.mergedNotDeleted.count).toBe(summary.byStatus.merged);
    expect(summary.mergedNotDeleted.branches.map((b) => b.name)).toContain('merged/feature');
  });

  it('marks release lines by name and by version tags, and keeps them out of the merged and stale findings', async () => {
    const repo = track(createRepo());
    const old = { date: '2025-01-01T10:00:00Z' };
    repo.commit('first', old);
    // Release lines by name, merged and old: flask's `stable`, express's `5.x` and `5.0`.
    for (const name of ['stable', '5.x', '5.0', '7-1-stable', 'release/2.0', 'release-3.1', 'v4'])
      repo.git('branch', name);
    // A hotfix branch and a plain merged branch are no release lines.
    repo.git('branch', 'hotfix/login');
    repo.git('branch', 'done');
    repo.git('branch', 'release-notes');
    // `legacy` has a version tag main does not reach: a release line by its role.
    repo.git('checkout', '-q', '-b', 'legacy');
    repo.commit('fix for 1.9', old);
    repo.git('tag', '-a', '-m', 'release', 'v1.9.1');
    // `old-idea` is unmerged and old: the one stale branch. `tagged-main` carries only a tag
    // main reaches as well, so it is no release line.
    repo.git('checkout', '-q', '-b', 'old-idea', 'main');
    repo.commit('idea', old);
    repo.git('checkout', '-q', 'main');
    repo.commit('second', old);
    repo.git('tag', 'v2.0.0');
    repo.git('branch', 'tagged-main');
    repo.commit('third', old);
    const result = await analyzeBranches(repo.dir, { now: NOW });
    const by = Object.fromEntries(result.branches.map((branch) => [branch.name, branch]));
    for (const name of ['stable', '5.x', '5.0', '7-1-stable', 'release/2.0', 'release-3.1', 'v4'])
      expect([name, by[name]!.releaseLine]).toEqual([name, 'name']);
    expect(by['legacy']!.releaseLine).toBe('version-tags');
    for (const name of ['hotfix/login', 'done', 'release-notes', 'old-idea', 'tagged-main', 'main'])
      expect([name, by[name]!.releaseLine]).toEqual([name, null]);
    // Every branch is more than 90 days old; only old-idea is work that may be abandoned.
    expect(result.branches.filter((branch) => branch.stale).map((branch) => branch.name)).toEqual([
      'old-idea',
    ]);
    expect(result.summary.stale).toBe(1);
    expect(result.summary.stalest.map((entry) => entry.name)).toEqual(['old-idea']);
    expect(result.summary.mergedNotDeleted.branches.map((entry) => entry.name).sort()).toEqual(
      ['done', 'hotfix/login', 'release-notes', 'tagged-main'].sort(),
    );
    expect(result.summary.mergedNotDeleted.count).toBe(4);
    expect(result.summary.releaseLines?.count).toBe(8);
  });

  it('does not take a topic branch started from a named release line for one; reads okhttp_3.9.x as one', async () => {
    const repo = track(createRepo());
    const old = { date: '2025-01-01T10:00:00Z' };
    repo.commit('first', old);
    // typescript-sdk's shape: fixes for v1 branch off `v1.x`, whose tags main does not reach.
    repo.git('checkout', '-q', '-b', 'v1.x');
    repo.commit('fix for 1.1', old);
    repo.git('tag', '-a', '-m', 'release', 'v1.1.0');
    repo.git('checkout', '-q', '-b', 'fix/backport');
    repo.commit('backport a fix', old);
    repo.git('checkout', '-q', 'main');
    repo.commit('second', old);
    // okhttp's old lines, merged long ago, are release lines by name too.
    repo.git('branch', 'okhttp_3.9.x');
    const result = await analyzeBranches(repo.dir, { now: NOW });
    const by = Object.fromEntries(result.branches.map((branch) => [branch.name, branch]));
    expect(by['v1.x']!.releaseLine).toBe('name');
    expect(by['okhttp_3.9.x']!.releaseLine).toBe('name');
    expect(result.summary.mergedNotDeleted.count).toBe(0);
    expect(by['fix/backport']).toMatchObject({ releaseLine: null, stale: true });
    expect(result.summary.stale).toBe(1);
  });

  it('never calls a website branch stale; reads jetty-9.4.x as a release line', async () => {
    const repo = track(createRepo());
    const old = { date: '2025-01-01T10:00:00Z' };
    repo.commit('first', old);
    // retrofit's `site`: the website's source, ahead of main and idle for months.
    for (const name of ['site', 'gh-pages', 'idea']) {
      repo.git('checkout', '-q', '-b', name, 'main');
      repo.commit(`work on ${name}`, old);
    }
    repo.git('checkout', '-q', 'main');
    repo.commit('second', old);
    repo.git('branch', 'jetty-9.4.x');
    const result = await analyzeBranches(repo.dir, { now: NOW });
    const by = Object.fromEntries(result.branches.map((branch) => [branch.name, branch]));
    expect(by['site']).toMatchObject({ stale: false, releaseLine: null, status: 'diverged' });
    expect(by['gh-pages']).toMatchObject({ stale: false, releaseLine: null });
    expect(by['idea']).toMatchObject({ stale: true });
    expect(by['jetty-9.4.x']!.releaseLine).toBe('name');
    expect(result.summary.stale).toBe(1);
  });

  it('compares with another branch on request, and refuses unknown names and bad options', async () => {
    const result = await analyzeBranches(shapes.dir, { now: NOW, defaultBranch: 'criss' });
    expect(result.defaultBranch).toMatchObject({ name: 'criss', source: 'option' });
    expectSameAsGit(shapes.dir, result);
    await expect(analyzeBranches(shapes.dir, { defaultBranch: 'nope' })).rejects.toMatchObject({
      code: 'UNKNOWN_REF',
    });
    await expect(analyzeBranches(shapes.dir, { staleDays: 0 })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
    await expect(analyzeBranches(shapes.dir, { now: new Date('x') })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
    await expect(analyzeBranches('/nonexistent/repo')).rejects.toMatchObject({
      code: 'NOT_A_REPOSITORY',
    });
  });
});

describe('analyzeBranches on unusual repositories', () => {
  it('gives an empty analysis for an empty repository', async () => {
    const empty = track(createRepo());
    const result = await analyzeBranches(empty.dir, { now: NOW });
    expect(BranchAnalysisSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({ defaultBranch: null, branches: [], summary: { total: 0 } });
  });

  it('falls back from an unborn or detached HEAD to main', async () => {
    const repo = track(createRepo());
    const first = repo.commit('first');
    repo.git('checkout', '-q', '-b', 'work');
    repo.commit('second', { date: '2026-02-01T00:00:00Z' });
    repo.git('checkout', '-q', '--detach', first);
    const detached = await analyzeBranches(repo.dir, { now: NOW });
    expect(detached.defaultBranch).toMatchObject({ name: 'main', source: 'conventional-name' });
    expectSameAsGit(repo.dir, detached);
    repo.git('symbolic-ref', 'HEAD', 'refs/heads/unborn');
    const unborn = await analyzeBranches(repo.dir, { now: NOW });
    expect(unborn.defaultBranch).toMatchObject({ name: 'main', source: 'conventional-name' });
    repo.git('branch', '-q', '-m', 'main', 'trunk');
    const newest = await analyzeBranches(repo.dir, { now: NOW });
    expect(newest.defaultBranch).toMatchObject({ name: 'work', source: 'most-recent' });
    expectSameAsGit(repo.dir, newest);
  });

  it("reads a clone's origin branches, skips origin/HEAD, and prefers local branches", async () => {
    const clone = track(createRepo());
    clone.git('clone', '-q', '--no-local', shapes.dir, 'clone');
    const dir = path.join(clone.dir, 'clone');
    const result = await analyzeBranches(dir, { now: NOW });
    expect(result.defaultBranch).toMatchObject({ name: 'main', ref: 'refs/heads/main' });
    // The source's symbolic `alias` arrives as a plain remote-tracking branch: 16 branches.
    expect(result.branches).toHaveLength(16);
    expect(result.branches.find((b) => b.name === 'feature/ahead')!.ref).toBe(
      'refs/remotes/origin/feature/ahead',
    );
    expect(result.branches.some((b) => b.name === 'HEAD')).toBe(false);
    expectSameAsGit(dir, result);
    // HEAD on an unborn branch: origin/HEAD names the default.
    clone.git('-C', dir, 'symbolic-ref', 'HEAD', 'refs/heads/nothing-yet');
    clone.git('-C', dir, 'branch', '-q', '-D', 'main');
    const viaOrigin = await analyzeBranches(dir, { now: NOW });
    expect(viaOrigin.defaultBranch).toMatchObject({
      name: 'main',
      ref: 'refs/remotes/origin/main',
      source: 'origin-head',
    });
    expectSameAsGit(dir, viaOrigin);
  });

  it('reads a mirror (bare) clone, ignoring refs that do not name commits', async () => {
    const holder = track(createRepo());
    holder.git('clone', '-q', '--mirror', shapes.dir, 'mirror.git');
    const dir = path.join(holder.dir, 'mirror.git');
    const blob = holder.git('-C', dir, 'rev-parse', 'main:oct/a.txt').trim();
    // git refuses to point a branch at a blob, but a fetched remote-tracking ref file can.
    holder.git('-C', dir, 'update-ref', 'refs/remotes/origin/odd', blob);
    writeFileSync(path.join(dir, 'refs', 'heads', 'blob-branch'), `${blob}\n`);
    const result = await analyzeBranches(dir, { now: NOW });
    expect(result.ignoredRefs).toEqual(
      expect.arrayContaining([
        { ref: 'refs/heads/blob-branch', reason: 'not-a-commit' },
        { ref: 'refs/remotes/origin/odd', reason: 'not-a-commit' },
      ]),
    );
    expect(result.branches).toHaveLength(16); // `alias` is copied as a plain ref
    expectSameAsGit(dir, result);
  });

  it('matches git in a shallow clone, which counts only the commits it holds', async () => {
    const holder = track(createRepo());
    holder.git(
      'clone',
      '-q',
      '--depth',
      '2',
      '--no-single-branch',
      `file://${shapes.dir}`,
      'shallow',
    );
    const dir = path.join(holder.dir, 'shallow');
    const result = await analyzeBranches(dir, { now: NOW });
    expect(result.shallow).toBe(true);
    expectSameAsGit(dir, result);
    const full = await analyzeBranches(shapes.dir, { now: NOW });
    const behind = (r: BranchAnalysis) => r.branches.find((b) => b.name === 'gh-pages')!.behind;
    expect(behind(result)).toBeLessThan(behind(full));
  });
});

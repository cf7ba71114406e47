import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HistoryAnalysisSchema } from '@rota/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { createRepo, type RepoBuilder } from '../testing/repo-builder.js';
import { analyzeHistory } from './analyze-history.js';

const NOW = new Date('2026-03-10T12:00:00Z');
const repos: RepoBuilder[] = [];
afterAll(() => repos.forEach((repo) => repo.remove()));
const track = (repo: RepoBuilder) => (repos.push(repo), repo);

const ALICE = { author: 'Alice', email: 'alice@example.com' };
const lines = (count: number, prefix = 'line') =>
  Array.from({ length: count }, (_, i) => `${prefix} ${i}\n`).join('');

// Ten days of work (window 2026-03-01..10) after an older initial commit, with every case the
// history must get right: mailmap, e-mail merging, bots, renames, binaries, PR numbers.
const repo = track(createRepo());
repo.write('a.txt', lines(10)).write('.mailmap', 'Bob Jones <bob@example.com> <bob@old.example>\n');
repo.commit('Initial commit', { ...ALICE, date: '2026-02-01T09:00:00Z' });
repo.write('notes.md', lines(3));
repo.commit('Add notes', { ...ALICE, date: '2026-03-02T09:00:00Z' });
repo.write('notes.md', lines(5));
repo.commit('More notes', {
  author: 'Alice Smith',
  email: 'Alice@Example.COM',
  date: '2026-03-02T15:00:00Z',
});
repo.write('bob.txt', lines(4));
repo.commit('Bob from the old address', {
  author: 'Bob',
  email: 'bob@old.example',
  date: '2026-03-04T09:00:00Z',
});
repo.write('bob.txt', lines(2));
repo.commit('Bob trims', {
  author: 'Bob Jones',
  email: 'bob@example.com',
  date: '2026-03-05T09:00:00Z',
});
repo.write('deps.json', '{"x": 2}\n');
repo.commit('Bump x from 1 to 2 (#12)', {
  author: 'dependabot[bot]',
  email: '49699333+dependabot[bot]@users.noreply.github.com',
  date: '2026-03-05T10:00:00Z',
});
repo.write('ci.log', 'ok\n');
repo.commit('Update generated file', {
  author: 'github-actions',
  email: 'action@github.com',
  date: '2026-03-06T08:00:00Z',
});
repo.git('mv', 'a.txt', 'b.txt');
repo.write('b.txt', lines(10).replace('line 3\n', 'line three\n'));
repo.commit('Rename a to b', { ...ALICE, date: '2026-03-06T09:00:00Z' });
repo.write('logo.png', Buffer.from([137, 80, 78, 71, 0, 0, 0, 1, 2, 3]));
repo.commit('Add logo', { ...ALICE, date: '2026-03-07T09:00:00Z' });
repo.git('checkout', '-q', '-b', 'feature');
repo.write('feature.txt', lines(6));
repo.commit('Feature work', {
  author: 'Carol',
  email: 'carol@example.com',
  date: '2026-03-07T12:00:00Z',
});
repo.git('checkout', '-q', 'main');
repo.git(
  '-c',
  'user.name=Alice',
  '-c',
  'user.email=alice@example.com',
  'merge',
  '-q',
  '--no-ff',
  '-m',
  'Merge pull request #42 from org/feature',
  'feature',
);
repo.git('commit', '-q', '--amend', '--no-edit', '--date=2026-03-08T09:00:00Z');
repo.write('gitlab.txt', 'x\n');
repo.commit(
  'Merge branch fix into main\n\n3\t4\tlooks-like-numstat.txt\n\u001e not a header\n\nSee merge request group/project!7',
  {
    ...ALICE,
    date: '2026-03-09T09:00:00Z',
  },
);
repo.write('future.txt', 'later\n');
repo.commit('From the future', { ...ALICE, date: '2026-03-11T09:00:00Z' });

describe('analyzeHistory', () => {
  it('counts every day of the window, zeros included, by author date', async () => {
    const result = await analyzeHistory(repo.dir, { now: NOW, windowDays: 10 });
    expect(HistoryAnalysisSchema.parse(result)).toEqual(result);
    expect(result.window).toEqual({
      since: '2026-03-01T00:00:00.000Z',
      until: '2026-03-10T12:00:00.000Z',
      days: 10,
    });
    expect(result.commitsPerDay.map((day) => [day.date, day.commits])).toEqual([
      ['2026-03-01', 0],
      ['2026-03-02', 2],
      ['2026-03-03', 0],
      ['2026-03-04', 1],
      ['2026-03-05', 2],
      ['2026-03-06', 2],
      ['2026-03-07', 2],
      ['2026-03-08', 1],
      ['2026-03-09', 1],
      ['2026-03-10', 0],
    ]);
    expect(result.totals).toMatchObject({ commits: 11, mergeCommits: 1, binaryFiles: 1 });
  });

  it('counts lines like git log --numstat, renames as their edits and binaries apart', async () => {
    const result = await analyzeHistory(repo.dir, { now: NOW, windowDays: 10 });
    const day = (date: string) => result.commitsPerDay.find((entry) => entry.date === date)!;
    // notes.md: +3, then +2; bob.txt: +4, then -2.
    expect(day('2026-03-02')).toMatchObject({ additions: 5, deletions: 0, churn: 5 });
    expect(day('2026-03-05')).toMatchObject({ additions: 1, deletions: 2, churn: 3 });
    // The rename a.txt -> b.txt with one line changed is +1 -1, not +10 -10.
    expect(day('2026-03-06')).toMatchObject({ additions: 2, deletions: 1 });
    expect(day('2026-03-07')).toMatchObject({ additions: 6, deletions: 0, binaryFiles: 1 });
    // The body line "3\t4\tlooks-like-numstat.txt" is message text, not a file.
    expect(day('2026-03-09')).toMatchObject({ additions: 1, deletions: 0 });
    const git = repo
      .git(
        'log',
        '--numstat',
        '-M',
        '--format=',
        '--since=2026-03-01T00:00:00Z',
        '--until=2026-03-10T12:00:00Z',
        'main',
      )
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'));
    const sum = (column: number) =>
      git.filter((row) => row[0] !== '-').reduce((total, row) => total + Number(row[column]), 0);
    expect(result.totals).toMatchObject({ additions: sum(0), deletions: sum(1) });
    expect(result.totals.churn).toBe(sum(0) + sum(1));
  });

  it('merges identities by .mailmap and e-mail, and reports bots apart', async () => {
    const result = await analyzeHistory(repo.dir, { now: NOW, windowDays: 10 });
    expect(result.authors.map((author) => [author.name, author.email, author.commits])).toEqual([
      ['Alice', 'alice@example.com', 6],
      ['Bob Jones', 'bob@example.com', 2],
      ['Carol', 'carol@example.com', 1],
    ]);
    const alice = result.authors[0]!;
    expect(alice).toMatchObject({
      aliases: ['Alice Smith'],
      mergeCommits: 1,
      firstCommitDate: '2026-03-02T09:00:00.000Z',
      lastCommitDate: '2026-03-09T09:00:00.000Z',
      allTime: {
        commits: 8,
        firstCommitDate: '2026-02-01T09:00:00.000Z',
        lastCommitDate: '2026-03-11T09:00:00.000Z',
      },
    });
    expect(result.bots.map((bot) => bot.name).sort()).toEqual([
      'dependabot[bot]',
      'github-actions',
    ]);
    expect(result.totals).toMatchObject({
      humanAuthors: 3,
      botAuthors: 2,
      humanCommits: 9,
      botCommits: 2,
    });
    expect(result.recentCommitters.map((committer) => committer.name)).toEqual([
      'Alice',
      'Carol',
      'Bob Jones',
    ]);
  });

  it('finds the pull and merge requests commits name', async () => {
    const result = await analyzeHistory(repo.dir, { now: NOW, windowDays: 10 });
    expect(result.pullRequests.map(({ number, pattern }) => [number, pattern])).toEqual([
      [7, 'gitlab-merge-request'],
      [42, 'github-merge'],
      [12, 'squash'],
    ]);
    expect(result.totals.pullRequestCommits).toBe(3);
  });

  it('summarises all time: age, authors, top authors', async () => {
    const result = await analyzeHistory(repo.dir, { now: NOW, windowDays: 10, listLimit: 2 });
    expect(result.allTime).toMatchObject({
      commits: 13,
      firstCommitDate: '2026-02-01T09:00:00.000Z',
      lastCommitDate: '2026-03-11T09:00:00.000Z',
      ageDays: 37,
      humanAuthors: 3,
      botAuthors: 2,
    });
    expect(result.allTime.topAuthors.map((author) => [author.name, author.commits])).toEqual([
      ['Alice', 8],
      ['Bob Jones', 2],
    ]);
    expect(result.recentCommitters).toHaveLength(2);
  });

  it('reads the .mailmap of the analysed commit, never one in the current directory', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'rota-cwd-'));
    writeFileSync(
      path.join(elsewhere, '.mailmap'),
      'Impostor <evil@example.com> <alice@example.com>\n',
    );
    const cwd = process.cwd();
    process.chdir(elsewhere);
    try {
      const result = await analyzeHistory(repo.dir, { now: NOW, windowDays: 10 });
      expect(result.authors[0]).toMatchObject({ name: 'Alice', email: 'alice@example.com' });
    } finally {
      process.chdir(cwd);
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('analyzeHistory on unusual repositories', () => {
  it('gives an empty history for an empty repository and for an unborn HEAD', async () => {
    const empty = track(createRepo());
    const result = await analyzeHistory(empty.dir, { now: NOW, windowDays: 7 });
    expect(HistoryAnalysisSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      commit: null,
      totals: { commits: 0 },
      allTime: { commits: 0, firstCommitDate: null, ageDays: null },
    });
    expect(result.commitsPerDay).toHaveLength(7);
    empty.commit('on main', { date: '2026-03-09T00:00:00Z' });
    empty.git('symbolic-ref', 'HEAD', 'refs/heads/unborn');
    expect((await analyzeHistory(empty.dir, { now: NOW })).commit).toBeNull();
    expect((await analyzeHistory(empty.dir, { now: NOW, ref: 'main' })).totals.commits).toBe(1);
    await expect(analyzeHistory(empty.dir, { ref: 'nope' })).rejects.toMatchObject({
      code: 'UNKNOWN_REF',
    });
    await expect(analyzeHistory(empty.dir, { ref: '--output=x' })).rejects.toMatchObject({
      code: 'INVALID_REF',
    });
    await expect(analyzeHistory(empty.dir, { windowDays: 0 })).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
    });
  });

  it('covers only what a shallow clone holds, and says so', async () => {
    const holder = track(createRepo());
    holder.git('clone', '-q', '--depth', '3', `file://${repo.dir}`, 'shallow');
    const result = await analyzeHistory(path.join(holder.dir, 'shallow'), {
      now: NOW,
      windowDays: 10,
    });
    expect(result.shallow).toBe(true);
    expect(result.allTime.commits).toBe(3);
    expect(result.allTime.firstCommitDate).toBe('2026-03-08T09:00:00.000Z');
  });
});

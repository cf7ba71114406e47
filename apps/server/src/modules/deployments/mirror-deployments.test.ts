import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deployments as deploymentRows } from '../../db/schema/index.js';
import { registerUser } from '../../testing/auth-helpers.js';
import { insertRepo } from '../../testing/analytics-seed.js';
import { createFixtureRepo, type FixtureRepo } from '../../testing/git-fixtures.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { testEvents } from '../../testing/test-events.js';
import type { EventBus, Events } from '../events/index.js';
import { readTags } from './git.js';
import { MirrorDeployments, recordDeploymentsOnEvents } from './mirror-deployments.js';
import * as queries from './queries.js';

/**
 * Tags of a real git repository become deployments, and each deployment gets the commits it
 * brought, following squash merges, rebased branches and merge commits by the commit that landed
 * on the base branch.
 */
const context = useTestApp({ startQueue: false });

const GITHUB_URL = 'https://github.com/Acme/Shop';
let repo: FixtureRepo;
let mirrorsDir: string;
const shas: Record<string, string> = {};

const env = (date: string) => ({
  PATH: process.env.PATH ?? '',
  HOME: '/nonexistent',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Fixture',
  GIT_AUTHOR_EMAIL: 'fixture@example.com',
  GIT_COMMITTER_NAME: 'Fixture',
  GIT_COMMITTER_EMAIL: 'fixture@example.com',
  GIT_AUTHOR_DATE: date,
  GIT_COMMITTER_DATE: date,
});
/** git in the fixture at a given time (author, committer and tagger dates). */
const gitAt = (date: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: repo.dir, env: env(date) })
    .toString('utf8')
    .trim();
function commitAt(date: string, file: string, name: string): string {
  execFileSync('sh', ['-c', `echo ${name} > ${file}`], { cwd: repo.dir });
  gitAt(date, 'add', '-A');
  gitAt(date, 'commit', '-q', '-m', name);
  shas[name] = gitAt(date, 'rev-parse', 'HEAD');
  return shas[name]!;
}

beforeAll(() => {
  repo = createFixtureRepo();
  commitAt('2026-01-01T10:00:00Z', 'a.txt', 'A');
  commitAt('2026-01-02T10:00:00Z', 'b.txt', 'B');
  gitAt('2026-01-03T10:00:00Z', 'tag', '-a', 'v1.0.0', '-m', 'first');
  // A branch squash-merged: its own commits never reach main, the squash commit does.
  gitAt('2026-01-04T10:00:00Z', 'checkout', '-q', '-b', 'squashed');
  commitAt('2026-01-04T10:00:00Z', 's.txt', 'S1');
  commitAt('2026-01-05T10:00:00Z', 's2.txt', 'S2');
  gitAt('2026-01-06T10:00:00Z', 'checkout', '-q', 'main');
  gitAt('2026-01-06T10:00:00Z', 'merge', '--squash', '-q', 'squashed');
  gitAt('2026-01-06T10:00:00Z', 'commit', '-q', '-m', 'SQ');
  shas.SQ = gitAt('2026-01-06T10:00:00Z', 'rev-parse', 'HEAD');
  // A branch rebased onto main and fast-forwarded: its rewritten commits land on main.
  gitAt('2026-01-06T11:00:00Z', 'checkout', '-q', '-b', 'rebased', shas.B!);
  commitAt('2026-01-06T11:00:00Z', 'r.txt', 'R1');
  commitAt('2026-01-06T12:00:00Z', 'r2.txt', 'R2');
  gitAt('2026-01-07T10:00:00Z', 'rebase', '-q', 'main');
  shas["R2'"] = gitAt('2026-01-07T10:00:00Z', 'rev-parse', 'HEAD');
  shas["R1'"] = gitAt('2026-01-07T10:00:00Z', 'rev-parse', 'HEAD~1');
  gitAt('2026-01-07T10:00:00Z', 'checkout', '-q', 'main');
  gitAt('2026-01-07T10:00:00Z', 'merge', '--ff-only', '-q', 'rebased');
  // Lightweight: dated by its commit's committer date.
  gitAt('2026-01-20T10:00:00Z', 'tag', 'v1.1.0');
  // A branch merged with a merge commit.
  gitAt('2026-01-21T10:00:00Z', 'checkout', '-q', '-b', 'merged');
  commitAt('2026-01-21T10:00:00Z', 'm.txt', 'M1');
  gitAt('2026-01-22T10:00:00Z', 'checkout', '-q', 'main');
  gitAt('2026-01-22T10:00:00Z', 'merge', '--no-ff', '-q', '-m', 'MC', 'merged');
  shas.MC = gitAt('2026-01-22T10:00:00Z', 'rev-parse', 'HEAD');
  gitAt('2026-01-23T10:00:00Z', 'tag', '-a', 'v1.2.0', '-m', 'third');
  // Not a version: stored too (the pattern is applied when read).
  gitAt('2026-01-23T11:00:00Z', 'tag', '-a', 'nightly', '-m', 'nightly', shas.B!);
  mirrorsDir = mkdtempSync(path.join(tmpdir(), 'rota-tag-mirrors-'));
});
afterAll(() => {
  repo?.remove();
  if (mirrorsDir) rmSync(mirrorsDir, { recursive: true, force: true });
});

/** A bare mirror clone of the fixture, as the repository store keeps them. */
function mirror(url: string): string {
  const gitDir = path.join(mirrorsDir, `${Buffer.from(url).toString('hex').slice(-40)}.git`);
  rmSync(gitDir, { recursive: true, force: true });
  execFileSync('git', ['clone', '-q', '--mirror', repo.dir, gitDir]);
  return gitDir;
}

let events: EventBus;
let heard: Array<{ name: keyof Events; event: unknown }>;
let deployments: MirrorDeployments;
const paths = new Map<string, string>();
beforeEach(() => {
  events = testEvents();
  heard = [];
  for (const name of ['deployments.stored', 'deployment-commits.stored'] as const)
    events.on(name, (event) => void heard.push({ name, event }));
  deployments = new MirrorDeployments({
    db: context.database.db,
    events,
    mirrorPathOf: (url) => paths.get(url) ?? path.join(mirrorsDir, 'absent.git'),
  });
  recordDeploymentsOnEvents(events, deployments);
});

async function projectWith(url: string, provider: 'github' | 'git') {
  const owner = await registerUser(context.app);
  const project = await createProject(context.app, owner.token);
  await insertRepo(context.database.db, project.id, { owner: 'Acme', repo: 'Shop', url, provider });
  paths.set(url, mirror(url));
  return project;
}

async function brought(repoKey: string) {
  const rows = await queries.deploymentsOf(context.database.db, {
    repoKey,
    scope: '',
    source: 'tags',
  });
  const commits = await queries.commitsOfDeployments(
    context.database.db,
    rows.map((row) => row.id),
  );
  const names = new Map(Object.entries(shas).map(([name, sha]) => [sha, name]));
  return Object.fromEntries(
    rows.map((row) => [
      row.externalId,
      commits
        .filter((commit) => commit.deploymentId === row.id)
        .map((commit) => names.get(commit.sha) ?? commit.sha)
        .sort(),
    ]),
  );
}

describe('tags of a mirror', () => {
  it('reads annotated tags at their tagger date and lightweight ones at their commit date', async () => {
    const tags = await readTags(mirror('read'));
    const byName = Object.fromEntries(tags.map((tag) => [tag.name, tag]));
    expect(Object.keys(byName).sort()).toEqual(['nightly', 'v1.0.0', 'v1.1.0', 'v1.2.0']);
    expect(byName['v1.0.0']).toEqual({
      name: 'v1.0.0',
      sha: shas.B,
      taggedAt: new Date('2026-01-03T10:00:00Z'),
    });
    expect(byName['v1.1.0']).toEqual({
      name: 'v1.1.0',
      sha: shas["R2'"],
      taggedAt: new Date('2026-01-07T10:00:00Z'),
    });
    expect(byName['v1.2.0']?.sha).toBe(shas.MC);
    expect(byName['v1.2.0']?.taggedAt).toEqual(new Date('2026-01-23T10:00:00Z'));
  });

  it('stores a GitHub repository’s tags under owner/repo and records what each brought', async () => {
    await projectWith(GITHUB_URL, 'github');
    await deployments.storeTags(GITHUB_URL);

    const stored = await queries.deploymentsOf(context.database.db, {
      repoKey: 'acme/shop',
      scope: '',
      source: 'tags',
    });
    expect(stored.map((row) => row.externalId)).toEqual(['v1.0.0', 'v1.1.0', 'v1.2.0', 'nightly']);
    expect(await brought('acme/shop')).toEqual({
      'v1.0.0': ['A', 'B'],
      // The squash commit, not the squashed branch's commits; the rebased commits, not the originals.
      'v1.1.0': ["R1'", "R2'", 'SQ'],
      // The merged branch's commit and the merge commit.
      'v1.2.0': ['M1', 'MC'],
      // A later tag of an older commit brings nothing new.
      nightly: [],
    });
    expect(heard.map((entry) => entry.name)).toEqual([
      'deployments.stored',
      'deployment-commits.stored',
    ]);
    expect(heard[0]?.event).toEqual({ repoKey: 'acme/shop', scope: '', source: 'tags' });

    // Read again with nothing new: nothing is written or published.
    heard = [];
    await deployments.storeTags(GITHUB_URL);
    expect(heard).toEqual([]);
  });

  it('finds the commit of a release cut from a branch by its tag, and records each commit’s author and subject', async () => {
    await projectWith(GITHUB_URL, 'github');
    const { db } = context.database;
    // GitHub names a branch, not a commit, as such a release's target: the sync stores no sha.
    await db.insert(deploymentRows).values([
      {
        repoKey: 'acme/shop',
        source: 'releases',
        externalId: 'r1',
        name: 'v1.0.0',
        sha: '',
        ref: 'v1.0.0',
        status: 'success',
        deployedAt: new Date('2026-01-03T12:00:00Z'),
      },
      {
        repoKey: 'acme/shop',
        source: 'releases',
        externalId: 'r2',
        name: 'v1.1.0',
        sha: '',
        ref: 'v1.1.0',
        status: 'success',
        deployedAt: new Date('2026-01-07T12:00:00Z'),
      },
    ]);
    const recorded = await deployments.recordCommits({
      repoKey: 'acme/shop',
      scope: '',
      source: 'releases',
    });
    expect(recorded).toMatchObject({ missing: 0 });
    const rows = await queries.deploymentsOf(db, {
      repoKey: 'acme/shop',
      scope: '',
      source: 'releases',
    });
    const commits = await queries.commitsOfDeployments(
      db,
      rows.map((row) => row.id),
    );
    const first = commits.filter((commit) => commit.deploymentId === rows[0]!.id);
    expect(first.map((commit) => commit.sha).sort()).toEqual([shas.A, shas.B].sort());
    expect(first.find((commit) => commit.sha === shas.A)).toMatchObject({
      authorName: 'Fixture',
      subject: 'A',
      authoredAt: new Date('2026-01-01T10:00:00Z'),
    });
    expect(commits.filter((commit) => commit.deploymentId === rows[1]!.id)).toHaveLength(3);
  });

  it('keys a repository that is not on GitHub by its address and follows removed tags', async () => {
    const url = repo.dir;
    await projectWith(url, 'git');
    await deployments.storeTags(url);
    expect(Object.keys(await brought(url))).toEqual(['v1.0.0', 'v1.1.0', 'v1.2.0', 'nightly']);

    execFileSync('git', ['tag', '-d', 'v1.1.0'], { cwd: paths.get(url)! });
    await deployments.storeTags(url);
    // What v1.1.0 brought now arrives with v1.2.0.
    expect(await brought(url)).toEqual({
      'v1.0.0': ['A', 'B'],
      'v1.2.0': ['M1', 'MC', "R1'", "R2'", 'SQ'],
      nightly: [],
    });
  });

  it('records nothing for a deployment whose commit the mirror lacks, and counts it', async () => {
    await projectWith(GITHUB_URL, 'github');
    await context.database.db
      .insert((await import('../../db/schema/index.js')).deployments)
      .values([
        {
          repoKey: 'acme/shop',
          source: 'releases',
          externalId: '1',
          name: 'one',
          sha: shas.B!,
          status: 'success',
          deployedAt: new Date('2026-01-03T00:00:00Z'),
        },
        {
          repoKey: 'acme/shop',
          source: 'releases',
          externalId: '2',
          name: 'lost',
          sha: 'f'.repeat(40),
          status: 'success',
          deployedAt: new Date('2026-01-10T00:00:00Z'),
        },
        {
          repoKey: 'acme/shop',
          source: 'releases',
          externalId: '3',
          name: 'three',
          sha: shas.MC!,
          status: 'success',
          deployedAt: new Date('2026-01-30T00:00:00Z'),
        },
      ]);
    await events.emit('deployments.stored', {
      repoKey: 'acme/shop',
      scope: '',
      source: 'releases',
    });
    expect(heard.map((entry) => entry.event)).toContainEqual({ repoKey: 'acme/shop', scope: '' });
    const recorded = await deployments.recordCommits({
      repoKey: 'acme/shop',
      scope: '',
      source: 'releases',
    });
    expect(recorded).toMatchObject({ deployments: 3, missing: 1, unchanged: false });
    const rows = await queries.deploymentsOf(context.database.db, {
      repoKey: 'acme/shop',
      scope: '',
      source: 'releases',
    });
    const commits = await queries.commitsOfDeployments(
      context.database.db,
      rows.map((row) => row.id),
    );
    const of = (externalId: string) =>
      commits
        .filter(
          (commit) => commit.deploymentId === rows.find((r) => r.externalId === externalId)?.id,
        )
        .map((commit) => commit.sha)
        .sort();
    expect(of('1')).toEqual([shas.A, shas.B].sort());
    expect(of('2')).toEqual([]);
    expect(of('3')).toHaveLength(5);
    expect(of('3')).toContain(shas.SQ);
    const authored = commits.find((commit) => commit.sha === shas.A);
    expect(authored?.authoredAt).toEqual(new Date('2026-01-01T10:00:00Z'));
  });
});

describe('as the server runs it', () => {
  it('reads the tags when an analysis of the repository is stored', async () => {
    const url = `${repo.dir}/`;
    const owner = await registerUser(context.app);
    const project = await createProject(context.app, owner.token);
    await insertRepo(context.database.db, project.id, {
      owner: 'Acme',
      repo: 'Shop',
      url,
      provider: 'git',
    });
    // Where the repository store keeps the mirror of `url` (repo-store/mirror-store.ts `pathFor`).
    const digest = createHash('sha256').update(url).digest('hex').slice(0, 24);
    const gitDir = path.join(context.dataDir, 'repos', `${digest}.git`);
    execFileSync('git', ['clone', '-q', '--mirror', repo.dir, gitDir]);
    const commitsStored: unknown[] = [];
    const stop = context.events.on('deployment-commits.stored', (event) => {
      commitsStored.push(event);
    });
    await context.events.emit('analysis.stored', { repoUrl: url });
    stop();
    expect(commitsStored).toEqual([{ repoKey: url, scope: '' }]);
    expect(await brought(url)).toMatchObject({ 'v1.0.0': ['A', 'B'], 'v1.2.0': ['M1', 'MC'] });
  });
});

import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../db/client.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { EventBus } from '../events/index.js';
import { commitsBrought, commitsOf, readTags, type BroughtCommit } from './git.js';
import * as queries from './queries.js';

/** At most this many of a repository's most recent deployments get their commits recorded. */
export const MAX_DEPLOYMENTS_WITH_COMMITS = 2000;

export interface MirrorDeploymentsDeps {
  db: Database;
  events: EventBus;
  /** Where the mirror of a repository address lives (the repository store's path). */
  mirrorPathOf: (url: string) => string;
  now?: () => number;
}

/** What recording the commits of a repository's deployments of one source did. */
export interface CommitsRecorded {
  deployments: number;
  /** Deployments whose commit the mirror lacks: nothing is recorded for them. */
  missing: number;
  commits: number;
  /** True when the deployments were the same as last time and nothing had to be done. */
  unchanged: boolean;
}

/**
 * Deployments read from a repository's mirror: its git tags as deployments of the `tags` source,
 * and for every source the commits each deployment brought (docs/delivery.md).
 */
export class MirrorDeployments {
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per repository and source, the deployments whose commits were last recorded in full. */
  private readonly recorded = new Map<string, string>();

  constructor(private readonly deps: MirrorDeploymentsDeps) {}

  private get now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  /** Runs the work of one repository after the work already asked for it (never two at once). */
  private serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return next;
  }

  /**
   * After the mirror of `url` was fetched: its tags become the `tags` deployments of every
   * project repository fetched from it (keyed `owner/repo` for GitHub, the address otherwise),
   * and the commits of the other sources' deployments are recorded again where the mirror may
   * now hold what it lacked.
   */
  async storeTags(url: string): Promise<void> {
    const repos = await queries.reposWithUrl(this.deps.db, url);
    if (repos.length === 0) return;
    const gitDir = this.deps.mirrorPathOf(url);
    if (!(await hasMirror(gitDir))) return;
    const tags = await readTags(gitDir);
    const keys = new Set(repos.map((repo) => (repo.provider === 'github' ? repoKeyOf(repo) : url)));
    for (const repoKey of keys) {
      const where = { repoKey, scope: '' };
      const changed = await this.serial(repoKey, () =>
        queries.replaceTagDeployments(
          this.deps.db,
          where,
          tags.map((tag) => ({ name: tag.name, sha: tag.sha, deployedAt: tag.taggedAt })),
          this.now,
        ),
      );
      if (changed) await this.deps.events.emit('deployments.stored', { ...where, source: 'tags' });
      for (const source of await queries.sourcesOf(this.deps.db, where))
        if (source !== 'tags' || !changed) await this.recordCommits({ ...where, source });
    }
  }

  /**
   * Records, for each deployment of the repository and source (oldest first, the most recent
   * 2,000), the commits it contains that no earlier one contained; publishes
   * `deployment-commits.stored` when something was written.
   */
  recordCommits(
    where: queries.RepoScope & { source: queries.DeploymentSourceName },
  ): Promise<CommitsRecorded | null> {
    return this.serial(where.repoKey, () => this.recordCommitsNow(where));
  }

  private async recordCommitsNow(
    where: queries.RepoScope & { source: queries.DeploymentSourceName },
  ): Promise<CommitsRecorded | null> {
    const gitDir = await this.mirrorOf(where.repoKey);
    if (!gitDir) return null;
    const all = await queries.deploymentsOf(this.deps.db, where);
    const key = `${where.repoKey}\0${where.scope}\0${where.source}`;
    const fingerprint = createHash('sha256')
      .update(all.map((row) => `${row.id} ${row.sha} ${row.deployedAt.getTime()}`).join('\n'))
      .digest('hex');
    if (this.recorded.get(key) === fingerprint)
      return { deployments: all.length, missing: 0, commits: 0, unchanged: true };
    const { rows, missing } = await commitsOfDeployments(gitDir, all);
    await queries.replaceDeploymentCommits(this.deps.db, where, rows);
    if (missing === 0) this.recorded.set(key, fingerprint);
    else this.recorded.delete(key);
    await this.deps.events.emit('deployment-commits.stored', {
      repoKey: where.repoKey,
      scope: where.scope,
    });
    return { deployments: all.length, missing, commits: rows.length, unchanged: false };
  }

  /** The mirror holding a repository's commits: a project's GitHub address of it, or its own. */
  private async mirrorOf(repoKey: string): Promise<string | null> {
    const urls = [...(await queries.urlsOfGitHubRepo(this.deps.db, repoKey)), repoKey];
    for (const url of urls) {
      const gitDir = this.deps.mirrorPathOf(url);
      if (await hasMirror(gitDir)) return gitDir;
    }
    return null;
  }
}

/**
 * For deployments ordered oldest first: the commits each brought that none before it held, for
 * the most recent `max`; a deployment whose commit the mirror lacks gets nothing and is counted.
 * Deployments before the window still bound what the first ones in it brought.
 */
export async function commitsOfDeployments(
  gitDir: string,
  ordered: Array<{ id: string; sha: string; ref?: string | null }>,
  max = MAX_DEPLOYMENTS_WITH_COMMITS,
): Promise<{
  rows: Array<{ deploymentId: string } & BroughtCommit>;
  missing: number;
}> {
  // A release cut from a branch names no commit: its tag, in the mirror, does.
  const commits = await commitsOf(
    gitDir,
    ordered.map((row) => row.sha || (row.ref ? `refs/tags/${row.ref}^{commit}` : '')),
  );
  const firstRecorded = Math.max(0, ordered.length - max);
  const earlier = new Set<string>();
  for (let index = 0; index < firstRecorded; index += 1) {
    const sha = commits[index];
    if (sha) earlier.add(sha);
  }
  const rows: Array<{ deploymentId: string } & BroughtCommit> = [];
  let missing = 0;
  for (let index = firstRecorded; index < ordered.length; index += 1) {
    const sha = commits[index];
    if (!sha) {
      missing += 1;
      continue;
    }
    // A deployment of a commit an earlier one had brings nothing new.
    if (earlier.has(sha)) continue;
    for (const commit of await commitsBrought(gitDir, sha, earlier))
      rows.push({ deploymentId: ordered[index]!.id, ...commit });
    earlier.add(sha);
  }
  return { rows, missing };
}

const hasMirror = (gitDir: string) =>
  stat(path.join(gitDir, 'HEAD')).then(
    () => true,
    () => false,
  );

/**
 * Tags are read after every fetch of a mirror (each analysis stored), and the commits of a
 * repository's deployments are recorded whenever deployments of it are stored, whatever the source.
 */
export function recordDeploymentsOnEvents(events: EventBus, deployments: MirrorDeployments): void {
  events.on('analysis.stored', ({ repoUrl }) => deployments.storeTags(repoUrl));
  events.on('deployments.stored', async (where) => {
    await deployments.recordCommits(where);
  });
}

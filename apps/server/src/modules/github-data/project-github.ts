import type { FastifyBaseLogger } from 'fastify';
import type { GitHubBlock } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../jobs/types.js';
import type { ForgeRegistry } from '../forges/index.js';
import { buildGitHubBlock } from './github-block.js';
import { enqueueRepoRefresh } from './refresh-job.js';
import { reposOfProjects, snapshotsFor } from './queries.js';
import { repoKeyOf } from '../../db/repo-key.js';
import type { RepoRef, RepoSnapshotRow } from './snapshot.js';

/** Stored data older than this is served marked stale and a refresh is queued. */
export const DEFAULT_STALE_AFTER_MS = 15 * 60_000;

export interface ProjectGitHubDataDeps {
  db: Database;
  queue: JobQueue;
  forges: ForgeRegistry;
  now?: () => number;
  staleAfterMs?: number;
  logger?: FastifyBaseLogger;
}

interface RepoOfProject {
  projectId: string;
  owner: string;
  repo: string;
  url: string;
}

/** A repository of a project, as the blocks need it. */
export interface ProjectRepoRef {
  projectId: string;
  owner: string;
  repo: string;
  url: string;
}

type DecoratedProject = { id: string; repos?: Array<{ owner: string; repo: string; url: string }> };

/**
 * The `github` block of projects (spec §3), from stored data only: reading a project list never
 * waits on GitHub. What is missing or older than the threshold is queued for the refresh job,
 * which reads it with the project owner's GitHub token.
 */
export class ProjectGitHubData {
  private readonly staleAfterMs: number;

  constructor(private readonly deps: ProjectGitHubDataDeps) {
    this.staleAfterMs = deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  }

  /**
   * Blocks of the projects that have GitHub repositories (others get none), by project id.
   * `known`: the repositories of exactly these projects, in their order, when the caller just read
   * them (a project it wrote or loaded), so they are not read again.
   */
  async blocksFor(
    ownerId: string,
    projectIds: string[],
    known?: ProjectRepoRef[],
  ): Promise<Map<string, GitHubBlock>> {
    const blocks = new Map<string, GitHubBlock>();
    if (projectIds.length === 0) return blocks;
    const repos = (known ?? (await reposOfProjects(this.deps.db, projectIds))).filter((repo) =>
      this.isGitHub(repo),
    );
    if (repos.length === 0) return blocks;
    const rows = await snapshotsFor(
      this.deps.db,
      'github',
      repos.map((repo) => repoKeyOf(repo)),
      ownerId,
    );
    const byKey = new Map<string, RepoSnapshotRow>();
    // The user's own (private) row wins over the public one.
    for (const row of rows)
      if (!byKey.has(row.repoKey) || row.scope !== '') byKey.set(row.repoKey, row);
    const now = this.now();
    await this.queueWhereDue(ownerId, repos, byKey, now);
    for (const projectId of projectIds) {
      const own = repos.filter((repo) => repo.projectId === projectId);
      if (own.length === 0) continue;
      blocks.set(
        projectId,
        buildGitHubBlock({
          repos: own.map((repo) => ({
            key: repoKeyOf(repo),
            fullName: `${repo.owner}/${repo.repo}`,
          })),
          rows: byKey,
          now,
          staleAfterMs: this.staleAfterMs,
        }),
      );
    }
    return blocks;
  }

  /**
   * Projects with their `github` block attached where they have GitHub repositories. Whole
   * projects (not list summaries) carry their repositories: they are not read again.
   */
  async decorate<T extends DecoratedProject>(ownerId: string, projects: T[]): Promise<T[]> {
    if (projects.length === 0) return projects;
    const known = projects.every((project) => project.repos)
      ? projects.flatMap((project): ProjectRepoRef[] =>
          project.repos!.map(({ owner, repo, url }) => ({
            projectId: project.id,
            owner,
            repo,
            url,
          })),
        )
      : undefined;
    const blocks = await this.blocksFor(
      ownerId,
      projects.map((project) => project.id),
      known,
    );
    return projects.map((project) => {
      const block = blocks.get(project.id);
      return block ? { ...project, github: block } : project;
    });
  }

  /** After a project is saved from its form: read each of its GitHub repositories again. */
  async refreshProject(
    ownerId: string,
    repos: Array<{ owner: string; repo: string; url: string }>,
  ): Promise<void> {
    const refs = repos.filter((repo) => this.isGitHub(repo));
    await Promise.all(refs.map((repo) => this.enqueue(ownerId, repo)));
  }

  private async queueWhereDue(
    ownerId: string,
    repos: RepoOfProject[],
    rows: ReadonlyMap<string, RepoSnapshotRow>,
    now: number,
  ): Promise<void> {
    const due = new Map<string, RepoOfProject>();
    for (const repo of repos) {
      const row = rows.get(repoKeyOf(repo));
      // After a failed attempt, wait the same threshold before asking GitHub again.
      if (!row || now - row.attemptedAt.getTime() > this.staleAfterMs)
        due.set(repoKeyOf(repo), repo);
    }
    await Promise.all([...due.values()].map((repo) => this.enqueue(ownerId, repo)));
  }

  private async enqueue(ownerId: string, repo: { owner: string; repo: string }): Promise<void> {
    const ref: RepoRef = { forge: 'github', owner: repo.owner, repo: repo.repo };
    try {
      await enqueueRepoRefresh(this.deps.queue, ref, ownerId);
    } catch (error) {
      // The answer is still right (stored data, marked); the next read queues it again.
      this.deps.logger?.warn(
        { err: error, repo: repoKeyOf(ref) },
        'could not queue a GitHub refresh',
      );
    }
  }

  private isGitHub(repo: { url: string; owner: string; repo: string }): boolean {
    return this.deps.forges.forProjectRepository(repo)?.id === 'github';
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }
}

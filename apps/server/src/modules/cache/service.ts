import {
  CacheMessages,
  type CacheCleared,
  type CacheState,
  type CacheStatus,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import type { CacheFigures } from '../../lib/cache-figures.js';
import { notFound } from '../../lib/errors.js';
import type { ForgeRegistry } from '../forges/index.js';
import {
  ownedProjectsWithRepository,
  repositoriesOf,
  requireOwnedProject,
} from '../project-access/index.js';
import type { CacheParts } from './parts.js';

export interface CacheServiceDeps {
  db: Database;
  forges: ForgeRegistry;
  caches: CacheParts;
  now?: () => number;
}

type Cleared = CacheCleared['caches'][keyof CacheCleared['caches']];

const UNAVAILABLE = { available: false, reason: 'embedded-only' } as const;

function stateOf(figures: CacheFigures): CacheState {
  const lookups = figures.hits + figures.misses;
  return {
    available: true,
    store: figures.store,
    entries: figures.entries,
    bytes: figures.bytes,
    hits: figures.hits,
    misses: figures.misses,
    hitRate: lookups === 0 ? null : figures.hits / lookups,
    oldestEntry: figures.oldestEntry?.toISOString() ?? null,
  };
}

const removed = (count: number): Cleared => ({ available: true, removed: count });

/**
 * Spec §7 "Cache": what each cache holds and how often it answers, and clearing — everything
 * (administrators), a project's (its owner) or a repository's (owners of a project holding it).
 * It orchestrates only: each cache forgets through its owning module, and what is forgotten is
 * computed or asked for again at the next read. No user data is deleted.
 */
export class CacheService {
  /** Hits and misses are counted from the process's start; the caches are made with it. */
  private readonly countedSince: Date;

  constructor(private readonly deps: CacheServiceDeps) {
    this.countedSince = new Date(deps.now?.() ?? Date.now());
  }

  async status(): Promise<CacheStatus> {
    const { analysisAnswers, githubResponses, analytics, projectLists } = this.deps.caches;
    const [github, stored] = await Promise.all([githubResponses.stats(), analytics.stats()]);
    return {
      countedSince: this.countedSince.toISOString(),
      caches: {
        analysisAnswers: analysisAnswers ? stateOf(analysisAnswers.stats()) : UNAVAILABLE,
        githubResponses: stateOf(github),
        analytics: stateOf(stored),
        projectLists: projectLists ? stateOf(projectLists.stats()) : UNAVAILABLE,
      },
    };
  }

  /** Every cache, whoever's entries (the route lets administrators only). */
  async clearAll(): Promise<CacheCleared> {
    const { analysisAnswers, githubResponses, analytics, projectLists } = this.deps.caches;
    const [github, stored] = await Promise.all([githubResponses.clear(), analytics.forgetAll()]);
    return {
      caches: {
        analysisAnswers: analysisAnswers ? removed(analysisAnswers.clear()) : UNAVAILABLE,
        githubResponses: removed(github),
        analytics: removed(stored),
        projectLists: projectLists ? removed(projectLists.clear()) : UNAVAILABLE,
      },
    };
  }

  /**
   * The caller's project: its analysis answers and analytics, the caller's project lists, and the
   * stored GitHub answers about its GitHub repositories. Someone else's project is a 404.
   */
  async clearProject(userId: string, projectId: string): Promise<CacheCleared> {
    const { db, forges } = this.deps;
    const project = await requireOwnedProject(db, userId, projectId);
    const repos = (await repositoriesOf(db, project.id)).filter(
      (repo) => forges.forProjectRepository(repo)?.id === 'github',
    );
    const refs = new Map(
      repos.map((repo) => [`${repo.owner}/${repo.repo}`.toLowerCase(), repo] as const),
    );
    return this.clear(userId, [project.id], [...refs.values()]);
  }

  /**
   * A GitHub repository of the caller's projects: those projects' analysis answers and analytics,
   * the caller's project lists, and the stored GitHub answers about it (whichever credential
   * asked). A repository in none of the caller's projects is a 404.
   */
  async clearRepository(
    userId: string,
    ref: { owner: string; repo: string },
  ): Promise<CacheCleared> {
    const { db, forges } = this.deps;
    const holding = (await ownedProjectsWithRepository(db, userId, ref)).filter(
      (row) => forges.forRepositoryUrl(row.url)?.id === 'github',
    );
    if (holding.length === 0) throw notFound(CacheMessages.repositoryNotFound);
    return this.clear(userId, [...new Set(holding.map((row) => row.projectId))], [ref]);
  }

  private async clear(
    ownerId: string,
    projectIds: string[],
    repositories: Array<{ owner: string; repo: string }>,
  ): Promise<CacheCleared> {
    const { analysisAnswers, githubResponses, analytics, projectLists } = this.deps.caches;
    const [github, stored] = await Promise.all([
      Promise.all(repositories.map((ref) => githubResponses.forgetRepository(ref))),
      analytics.forgetProjects(projectIds),
    ]);
    return {
      caches: {
        analysisAnswers: analysisAnswers
          ? removed(analysisAnswers.forgetProjects(projectIds))
          : UNAVAILABLE,
        githubResponses: removed(github.reduce((sum, count) => sum + count, 0)),
        analytics: removed(stored),
        projectLists: projectLists ? removed(projectLists.forgetOwner(ownerId)) : UNAVAILABLE,
      },
    };
  }
}

import {
  ErrorCodes,
  ProjectMessages,
  type CreateProjectBody,
  type Project,
  type ProjectSummary,
  type UpdateProjectBody,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { escapeLike, foldForSearch } from '../../lib/search-text.js';
import type { EventBus } from '../events/index.js';
import type { ProjectListCache, ProjectWrite } from './list-cache.js';
import type { ProjectListChange } from './list-patch.js';
import { summaryOf, toProject, toProjectSummary } from './mappers.js';
import { repositoriesOf, requireOwnedProject, type ProjectRow } from '../project-access/index.js';
import * as queries from './queries.js';
import { assertPublicHosts, type SubmissionHostPolicy } from '../../repo-store/submitted-hosts.js';
import { resolveRepoInputs, type ResolvedRepo } from './repo-inputs.js';

export interface ProjectsServiceDeps {
  db: Database;
  allowLocalRepos: boolean;
  hostPolicy: SubmissionHostPolicy;
  /** Embedded only (single-process.ts): lists kept until this process writes a project. */
  listCache?: ProjectListCache | undefined;
  /** Where the service tells what it changed (`project.saved`, `project.repositories-changed`). */
  events: EventBus;
  /**
   * Each member's commits the project's stored histories match (by identity or GitHub login),
   * filled by the composition root; without it, members show their stored contributions.
   */
  memberCommits?: MemberCommits;
}

/** Members nothing matches are absent from the map. `db` may be a transaction. */
export type MemberCommits = (db: Database, projectId: string) => Promise<Map<string, number>>;

/**
 * A member's contributions: the commits the histories match when any identity or their login
 * matches, else the stored value (members added by hand keep what they were given).
 */
export async function withContributions(
  deps: Pick<ProjectsServiceDeps, 'memberCommits'>,
  db: Database,
  projectId: string,
  members: queries.ProjectMemberRow[],
): Promise<queries.ProjectMemberRow[]> {
  if (!deps.memberCommits || members.length === 0) return members;
  const commits = await deps.memberCommits(db, projectId);
  return members.map((member) => {
    const matched = commits.get(member.id);
    return matched === undefined ? member : { ...member, contributions: matched };
  });
}

/**
 * Runs a write of projects or their repositories (every one goes through here or
 * ProjectPartsService), so held project lists show it once it settled: `changeOf` says what it
 * did to the project (by default nothing known, and the owner's lists are forgotten).
 */
export function writingProjects<T>(
  deps: ProjectsServiceDeps,
  write: ProjectWrite,
  run: () => Promise<T>,
  changeOf: (result: T) => ProjectListChange | null = () => ({
    ownerId: write.ownerId,
    forget: true,
  }),
): Promise<T> {
  return deps.listCache ? deps.listCache.writing(write, run, changeOf) : run();
}

/** The change a create or update made: the project's new summary. */
function changedTo(ownerId: string) {
  return (project: Project): ProjectListChange => ({
    ownerId,
    projectId: project.id,
    summary: summaryOf(project),
  });
}

/** Each repository's host with the field it came from (`repos.<i>.url`, or `url` alone). */
export function repoHosts(repos: ResolvedRepo[], pathPrefix = 'repos.') {
  return repos.map((repo, index) => ({
    host: repo.parsed.host,
    path: pathPrefix ? `${pathPrefix}${index}.url` : 'url',
  }));
}

export function toRepoRow(
  projectId: string,
  repo: ResolvedRepo,
  position: number,
): queries.NewProjectRepo {
  return {
    projectId,
    position,
    name: repo.name,
    owner: repo.parsed.owner,
    repo: repo.parsed.repo,
    url: repo.parsed.url,
    repoKey: repo.parsed.key,
    branch: repo.branch,
    provider: repo.parsed.provider,
  };
}

export function duplicateRepoError(path: string): AppError {
  return new AppError(ErrorCodes.conflict, ProjectMessages.duplicateRepo, [
    { path, message: ProjectMessages.duplicateRepo },
  ]);
}

/**
 * Projects of one owner. Every method takes the caller's id: a project of someone else is
 * indistinguishable from one that does not exist (404: no existence oracle).
 */
export class ProjectsService {
  constructor(private readonly deps: ProjectsServiceDeps) {}

  async list(
    ownerId: string,
    filter: { search?: string; status: 'active' | 'inactive' | 'archived' | 'all' },
  ): Promise<ProjectSummary[]> {
    const folded = filter.search ? foldForSearch(filter.search) : '';
    const load = async () => {
      const rows = await queries.listProjectsOfOwner(this.deps.db, ownerId, {
        ...(filter.status !== 'all' ? { status: filter.status } : {}),
        ...(folded ? { searchPattern: `%${escapeLike(folded)}%` } : {}),
      });
      return rows.map((row) => toProjectSummary(row.project, Number(row.repoCount)));
    };
    const { listCache } = this.deps;
    return listCache
      ? listCache.read(ownerId, { status: filter.status, search: folded }, load)
      : load();
  }

  async get(ownerId: string, id: string): Promise<Project> {
    const project = await requireOwnedProject(this.deps.db, ownerId, id);
    return this.load(this.deps.db, project);
  }

  async create(ownerId: string, body: CreateProjectBody): Promise<Project> {
    const repos = resolveRepoInputs(body.repos, this.deps.allowLocalRepos);
    await assertPublicHosts(repoHosts(repos), this.deps.hostPolicy);
    const status = body.status ?? 'active';
    const insert = (db: Database) =>
      queries.insertProject(db, {
        ownerId,
        name: body.name,
        description: body.description,
        reviewPrompt: body.review_prompt,
        publishReviews: body.publish_reviews ?? false,
        status,
        isActive: status === 'active',
        searchText: foldForSearch(`${body.name}\n${body.description ?? ''}`),
      });
    const project = await writingProjects(
      this.deps,
      { ownerId },
      async () => {
        // Without repositories the project is one row: one statement, atomic by itself (a
        // transaction around it adds BEGIN and COMMIT, two more turns of embedded PGlite's thread).
        if (repos.length === 0) return toProject(await insert(this.deps.db), [], []);
        return this.deps.db.transaction(async (tx) => {
          const project = await insert(tx);
          const inserted = await queries.insertRepos(
            tx,
            repos.map((repo, index) => toRepoRow(project.id, repo, index)),
          );
          // Not read back: a new project has no members, and its repositories are the rows just
          // inserted, in the order `listRepos` gives (position; two statements less per create).
          return toProject(
            project,
            inserted.sort((a, b) => a.position - b.position),
            [],
          );
        });
      },
      changedTo(ownerId),
    );
    await this.saved(ownerId, project);
    return project;
  }

  async update(ownerId: string, id: string, body: UpdateProjectBody): Promise<Project> {
    const repos = body.repos ? resolveRepoInputs(body.repos, this.deps.allowLocalRepos) : undefined;
    if (repos) await assertPublicHosts(repoHosts(repos), this.deps.hostPolicy);
    let repositoriesChanged = false;
    const project = await writingProjects(
      this.deps,
      { ownerId, projectId: id },
      () =>
        this.deps.db.transaction(async (tx) => {
          const current = await requireOwnedProject(tx, ownerId, id);
          const name = body.name ?? current.name;
          const description =
            body.description !== undefined ? body.description : current.description;
          const project = await queries.updateProject(tx, id, {
            name,
            description,
            ...(body.review_prompt !== undefined ? { reviewPrompt: body.review_prompt } : {}),
            ...(body.publish_reviews !== undefined ? { publishReviews: body.publish_reviews } : {}),
            ...(body.status ? { status: body.status, isActive: body.status === 'active' } : {}),
            searchText: foldForSearch(`${name}\n${description ?? ''}`),
          });
          if (repos) repositoriesChanged = await this.replaceRepos(tx, id, repos);
          return this.load(tx, project);
        }),
      changedTo(ownerId),
    );
    if (repositoriesChanged)
      await this.deps.events.emit('project.repositories-changed', { projectId: project.id });
    if (repos) await this.saved(ownerId, project);
    return project;
  }

  /** Its forge repositories are read again with the owner's credentials (GitHub figures, pull requests). */
  private async saved(ownerId: string, project: Project): Promise<void> {
    await this.deps.events.emit('project.saved', {
      ownerId,
      projectId: project.id,
      repositories: project.repos.map(({ owner, repo, url }) => ({ owner, repo, url })),
    });
  }

  async remove(ownerId: string, id: string): Promise<{ id: string; deleted: true }> {
    if (!isUuid(id)) throw notFound(ProjectMessages.notFound);
    // Repositories and members go with it (ON DELETE CASCADE), in the same statement.
    const deleted = await writingProjects(
      this.deps,
      { ownerId, projectId: id },
      () => queries.deleteProjectOfOwner(this.deps.db, ownerId, id),
      (gone) => (gone ? { ownerId, projectId: id, removed: true } : null),
    );
    if (!deleted) throw notFound(ProjectMessages.notFound);
    return { id, deleted: true };
  }

  private async load(db: Database, project: ProjectRow): Promise<Project> {
    const [repos, members] = await Promise.all([
      repositoriesOf(db, project.id),
      queries
        .listMembers(db, project.id)
        .then((rows) => withContributions(this.deps, db, project.id, rows)),
    ]);
    return toProject(project, repos, members);
  }

  /**
   * Repos in the new set that were already there keep their row (id, webhook, dates). Whether any
   * repository was added, removed or changed.
   */
  private async replaceRepos(
    db: Database,
    projectId: string,
    wanted: ResolvedRepo[],
  ): Promise<boolean> {
    const existing = await repositoriesOf(db, projectId);
    const byKey = new Map(existing.map((row) => [row.repoKey, row]));
    const wantedKeys = new Set(wanted.map((repo) => repo.parsed.key));
    const removed = await queries.deleteRepos(
      db,
      projectId,
      existing.filter((row) => !wantedKeys.has(row.repoKey)).map((row) => row.id),
    );
    let changed = removed > 0;
    const added: queries.NewProjectRepo[] = [];
    for (const [position, repo] of wanted.entries()) {
      const kept = byKey.get(repo.parsed.key);
      if (!kept) added.push(toRepoRow(projectId, repo, position));
      else if (
        kept.branch !== repo.branch ||
        kept.name !== repo.name ||
        kept.position !== position
      ) {
        await queries.updateRepo(db, kept.id, { branch: repo.branch, name: repo.name, position });
        changed = true;
      }
    }
    await queries.insertRepos(db, added);
    return changed || added.length > 0;
  }
}

import {
  ErrorCodes,
  ProjectMessages,
  type AddMemberBody,
  type ProjectRepo,
  type RepoInput,
  type TeamMember,
} from '@rota/contracts';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { toProjectRepo, toTeamMember } from './mappers.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import * as queries from './queries.js';
import { assertPublicHosts } from '../../repo-store/submitted-hosts.js';
import { resolveRepoInputs } from './repo-inputs.js';
import {
  duplicateRepoError,
  repoHosts,
  toRepoRow,
  withContributions,
  writingProjects,
  type ProjectsServiceDeps,
} from './service.js';

/** Repositories and team members of a project, one at a time; ownership checked by ProjectsService. */
export class ProjectPartsService {
  constructor(private readonly deps: ProjectsServiceDeps) {}

  async listRepos(ownerId: string, projectId: string): Promise<ProjectRepo[]> {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    return (await repositoriesOf(this.deps.db, projectId)).map(toProjectRepo);
  }

  async addRepo(ownerId: string, projectId: string, input: RepoInput): Promise<ProjectRepo> {
    const [repo] = resolveRepoInputs([input], this.deps.allowLocalRepos, '');
    await assertPublicHosts(repoHosts([repo!], ''), this.deps.hostPolicy);
    try {
      const added = await writingProjects(this.deps, { ownerId, projectId }, () =>
        this.deps.db.transaction(async (tx) => {
          await requireOwnedProject(tx, ownerId, projectId);
          const existing = await repositoriesOf(tx, projectId);
          if (existing.some((row) => row.repoKey === repo!.parsed.key))
            throw duplicateRepoError('url');
          const [row] = await queries.insertRepos(tx, [
            toRepoRow(projectId, repo!, existing.length),
          ]);
          await queries.touchProject(tx, projectId);
          return toProjectRepo(row!);
        }),
      );
      await this.deps.events.emit('project.repositories-changed', { projectId });
      return added;
    } catch (error) {
      // Two requests adding the same repository at once: the unique index lets one through.
      if (queries.isUniqueViolation(error)) throw duplicateRepoError('url');
      throw error;
    }
  }

  async removeRepo(
    ownerId: string,
    projectId: string,
    repoId: string | undefined,
  ): Promise<{ id: string; deleted: true }> {
    if (!repoId)
      throw new AppError(ErrorCodes.validation, ProjectMessages.repoIdRequired, [
        { path: 'repoId', message: ProjectMessages.repoIdRequired },
      ]);
    const removed = await writingProjects(this.deps, { ownerId, projectId }, () =>
      this.deps.db.transaction(async (tx) => {
        await requireOwnedProject(tx, ownerId, projectId);
        const removed =
          isUuid(repoId) && (await queries.deleteRepos(tx, projectId, [repoId])) === 1;
        if (!removed) throw notFound(ProjectMessages.repoNotFound);
        await queries.touchProject(tx, projectId);
        return { id: repoId, deleted: true as const };
      }),
    );
    await this.deps.events.emit('project.repositories-changed', { projectId });
    return removed;
  }

  async listMembers(ownerId: string, projectId: string): Promise<TeamMember[]> {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    const { db } = this.deps;
    const members = await withContributions(
      this.deps,
      db,
      projectId,
      await queries.listMembers(db, projectId),
    );
    return members.map(toTeamMember);
  }

  async addMember(ownerId: string, projectId: string, body: AddMemberBody): Promise<TeamMember> {
    return writingProjects(this.deps, { ownerId, projectId }, () =>
      this.deps.db.transaction(async (tx) => {
        await requireOwnedProject(tx, ownerId, projectId);
        const row = await queries.insertMember(tx, {
          projectId,
          name: body.name,
          avatar: body.avatar || null,
          role: body.role || null,
          contributions: body.contributions,
          githubLogin: body.github_login || null,
        });
        await queries.touchProject(tx, projectId);
        return toTeamMember(row);
      }),
    );
  }

  async removeMember(
    ownerId: string,
    projectId: string,
    memberId: string | undefined,
  ): Promise<{ id: string; deleted: true }> {
    if (!memberId)
      throw new AppError(ErrorCodes.validation, ProjectMessages.memberIdRequired, [
        { path: 'memberId', message: ProjectMessages.memberIdRequired },
      ]);
    return writingProjects(this.deps, { ownerId, projectId }, () =>
      this.deps.db.transaction(async (tx) => {
        await requireOwnedProject(tx, ownerId, projectId);
        const removed = isUuid(memberId) && (await queries.deleteMember(tx, projectId, memberId));
        if (!removed) throw notFound(ProjectMessages.memberNotFound);
        await queries.touchProject(tx, projectId);
        return { id: memberId, deleted: true as const };
      }),
    );
  }
}

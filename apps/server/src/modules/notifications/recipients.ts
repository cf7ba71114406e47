import type { Database } from '../../db/client.js';
import type { ForgeRegistry } from '../forges/index.js';
import * as queries from './queries.js';

/** The users of one project: its owner and the members who are Rota users, with their logins. */
export interface ProjectUsers {
  projectId: string;
  ownerId: string;
  userIds: Set<string>;
}

/**
 * Who may hear about a project: its owner, plus every user whose GitHub login is a member's login.
 * Logins of every one of them come along (lower case), to drop the actor and to map people of a
 * pull request to users.
 */
export class Recipients {
  constructor(private readonly deps: { db: Database; forges: ForgeRegistry }) {}

  async ofProjects(projectIds: string[]): Promise<{
    projects: ProjectUsers[];
    loginOf: Map<string, string>;
  }> {
    const unique = [...new Set(projectIds)];
    const owners = await queries.projectOwners(this.deps.db, unique);
    const members = await queries.memberUsers(this.deps.db, unique);
    const projects = owners.map((row) => ({
      projectId: row.projectId,
      ownerId: row.ownerId,
      userIds: new Set([
        row.ownerId,
        ...members.filter((m) => m.projectId === row.projectId).map((m) => m.userId),
      ]),
    }));
    const everyone = [...new Set(projects.flatMap((project) => [...project.userIds]))];
    const logins = await queries.loginsOfUsers(this.deps.db, everyone);
    return { projects, loginOf: new Map(logins.map((row) => [row.userId, row.login])) };
  }

  /** The projects that hold a GitHub repository written on any host of the forge's `host`. */
  async projectsOfGitHubRepository(ref: { owner: string; repo: string; host: string }) {
    const rows = await queries.projectsWithRepository(this.deps.db, ref);
    return unique(
      rows.filter((row) => this.deps.forges.isOnGitHubHost(row.url, ref.host)).map(projectIdOf),
    );
  }

  /** The projects that hold a repository of a failed piece of work: by its URL, or forge and name. */
  async projectsOfRepository(ref: { url: string; owner: string | null; repo: string | null }) {
    const rows = await queries.projectsWithRepository(this.deps.db, ref);
    const forge = this.deps.forges.forRepositoryUrl(ref.url)?.id ?? null;
    return unique(
      rows
        .filter(
          (row) =>
            row.url === ref.url ||
            (forge !== null && this.deps.forges.forRepositoryUrl(row.url)?.id === forge),
        )
        .map(projectIdOf),
    );
  }
}

const projectIdOf = (row: { projectId: string }) => row.projectId;
const unique = (ids: string[]) => [...new Set(ids)];

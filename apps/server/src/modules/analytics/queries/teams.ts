import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { memberIdentities, projectMembers, projectTeams } from '../../../db/schema/index.js';

// ── A team filter (read-only: the teams module writes these tables) ────────────────────────

/** Whose work a team-filtered answer counts (docs/metrics.md "Teams"). */
export interface TeamFilter {
  id: string;
  name: string;
  /** Members' GitHub logins, lower-cased: their pull requests and reviews. */
  logins: string[];
  /** Commit identities the members claimed (member_identities keys): their commits. */
  emails: string[];
  names: string[];
}

/** The team `teamId` of the project with its members' logins and commit identities; undefined if none. */
export async function teamOfProject(
  db: Database,
  projectId: string,
  teamId: string,
): Promise<TeamFilter | undefined> {
  const [team] = await db
    .select({ id: projectTeams.id, name: projectTeams.name })
    .from(projectTeams)
    .where(and(eq(projectTeams.id, teamId), eq(projectTeams.projectId, projectId)));
  if (!team) return undefined;
  const members = await db
    .select({ login: sql<string | null>`lower(${projectMembers.githubLogin})` })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.teamId, team.id)));
  const identities = await db
    .select({ kind: memberIdentities.kind, key: memberIdentities.key })
    .from(memberIdentities)
    .innerJoin(projectMembers, eq(projectMembers.id, memberIdentities.memberId))
    .where(and(eq(memberIdentities.projectId, projectId), eq(projectMembers.teamId, team.id)));
  return {
    ...team,
    logins: members.flatMap((member) => (member.login ? [member.login] : [])),
    emails: identities.filter((row) => row.kind === 'email').map((row) => row.key),
    names: identities.filter((row) => row.kind === 'name').map((row) => row.key),
  };
}

import {
  ErrorCodes,
  TeamMessages,
  type Identity,
  type MyFigures,
  type PersonFigures,
  type ProjectIdentities,
  type Team,
  type TeamInput,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import { resolvePeriod, type PeriodQuery, type PeriodWindow } from '../../lib/periods.js';
import { isUuid } from '../../lib/uuid.js';
import type { EventBus } from '../events/index.js';
import { requireOwnedProject } from '../project-access/index.js';
import {
  commitsByMember,
  gitAuthors,
  identityKey,
  memberOf,
  suggestionsFor,
  type HistoryPerson,
  type MatchMember,
} from './matching.js';
import * as queries from './queries.js';

export interface TeamsServiceDeps {
  db: Database;
  events: EventBus;
  /** The user's time zone (their settings), null for UTC: periods are cut in it. */
  timeZoneOf: (userId: string) => Promise<string | null>;
  now?: () => number;
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause)
    if ((current as { code?: unknown }).code === '23505') return true;
  return false;
};

const nameTaken = () =>
  new AppError(ErrorCodes.conflict, TeamMessages.teamNameTaken, [
    { path: 'name', message: TeamMessages.teamNameTaken },
  ]);

/** The project's members with their claimed identities, as the matching reads them. */
async function matchMembers(db: Database, projectId: string) {
  const [members, identities] = await Promise.all([
    queries.membersOf(db, projectId),
    queries.identitiesOf(db, projectId),
  ]);
  return members.map((member) => ({
    ...member,
    identities: identities.filter((identity) => identity.memberId === member.id),
  }));
}

/**
 * Each member's commits over the project's latest stored history analyses (one per repository),
 * matched by identities and GitHub login; members nothing matches are absent.
 */
export async function memberCommits(db: Database, projectId: string): Promise<Map<string, number>> {
  const [histories, members] = await Promise.all([
    queries.latestHistories(db, projectId),
    matchMembers(db, projectId),
  ]);
  if (histories.length === 0) return new Map();
  return commitsByMember(gitAuthors(histories.flatMap((history) => history.people)), members);
}

/**
 * A person's commits in the period from the histories' per-author window figures: exact when
 * all their window commits fall in it, zero when none does, null when it cannot be told (their
 * commits straddle an end of the period, or no history covers its start).
 */
export function commitsInPeriod(
  histories: queries.StoredHistory[],
  isTheirs: (person: HistoryPerson) => boolean,
  period: { since: string; until: string },
): number | null {
  if (histories.length === 0) return null;
  let total = 0;
  for (const history of histories) {
    const covers = history.window.since <= period.since;
    for (const person of history.people) {
      if (person.bot || !isTheirs(person)) continue;
      if (person.lastCommitDate < period.since || person.firstCommitDate > period.until) continue;
      if (!covers) return null;
      if (person.firstCommitDate >= period.since && person.lastCommitDate <= period.until)
        total += person.commits;
      else return null;
    }
  }
  return total;
}

function resolvedPeriod(window: PeriodWindow) {
  const { days, preset, from, to, timeZone, since, until } = window;
  return { days, preset, from, to, timeZone, since, until };
}

/**
 * Teams of a project's members, the commit identities members claim and one person's own
 * figures (docs/teams.md). Teams and identities are the owner's to read and write; a person's
 * figures are shown to the owner and to that person only.
 */
export class TeamsService {
  constructor(private readonly deps: TeamsServiceDeps) {}

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  async list(ownerId: string, projectId: string): Promise<Team[]> {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    return this.teamsOf(this.deps.db, projectId);
  }

  private async teamsOf(db: Database, projectId: string): Promise<Team[]> {
    const [teams, members] = await Promise.all([
      queries.listTeams(db, projectId),
      queries.membersOf(db, projectId),
    ]);
    return teams.map((team) => ({
      id: team.id,
      name: team.name,
      memberIds: members.filter((member) => member.teamId === team.id).map((member) => member.id),
      created_at: team.createdAt.toISOString(),
    }));
  }

  async create(ownerId: string, projectId: string, input: TeamInput): Promise<Team> {
    const team = await this.write(ownerId, projectId, async (tx) => {
      if (await queries.teamNamed(tx, projectId, input.name)) throw nameTaken();
      await this.checkMembers(tx, projectId, input.memberIds);
      const row = await queries.insertTeam(tx, projectId, input.name);
      await queries.setTeamMembers(tx, projectId, row.id, unique(input.memberIds));
      return row.id;
    });
    return this.one(projectId, team);
  }

  async update(ownerId: string, projectId: string, teamId: string, input: TeamInput) {
    await this.write(ownerId, projectId, async (tx) => {
      if (!isUuid(teamId) || !(await queries.findTeam(tx, projectId, teamId)))
        throw notFound('Team not found');
      if (await queries.teamNamed(tx, projectId, input.name, teamId)) throw nameTaken();
      await this.checkMembers(tx, projectId, input.memberIds);
      await queries.renameTeam(tx, teamId, input.name);
      await queries.setTeamMembers(tx, projectId, teamId, unique(input.memberIds));
    });
    return this.one(projectId, teamId);
  }

  async remove(ownerId: string, projectId: string, teamId: string) {
    await this.write(ownerId, projectId, async (tx) => {
      if (!isUuid(teamId) || !(await queries.findTeam(tx, projectId, teamId)))
        throw notFound('Team not found');
      await queries.deleteTeam(tx, projectId, teamId);
    });
    return { id: teamId, deleted: true as const };
  }

  private async one(projectId: string, teamId: string): Promise<Team> {
    const team = (await this.teamsOf(this.deps.db, projectId)).find((t) => t.id === teamId);
    if (!team) throw notFound('Team not found');
    return team;
  }

  /** A write of the owner's project in one transaction, then `teams.changed`. */
  private async write<T>(
    ownerId: string,
    projectId: string,
    run: (tx: Database) => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await this.deps.db.transaction(async (tx) => {
        await requireOwnedProject(tx, ownerId, projectId);
        return run(tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.conflictOf(error);
      throw error;
    }
    await this.deps.events.emit('teams.changed', { projectId });
    return result;
  }

  private conflictOf(error: unknown): AppError {
    const text = String((error as { message?: unknown }).message ?? '') + String(error);
    return text.includes('member_identities')
      ? new AppError(ErrorCodes.conflict, TeamMessages.identityTaken)
      : nameTaken();
  }

  private async checkMembers(db: Database, projectId: string, memberIds: string[]) {
    const known = new Set((await queries.membersOf(db, projectId)).map((member) => member.id));
    const index = memberIds.findIndex((id) => !known.has(id));
    if (index >= 0)
      throw validationError([{ path: `memberIds.${index}`, message: TeamMessages.unknownMember }]);
  }

  async identities(ownerId: string, projectId: string): Promise<ProjectIdentities> {
    const { db } = this.deps;
    await requireOwnedProject(db, ownerId, projectId);
    const [histories, members] = await Promise.all([
      queries.latestHistories(db, projectId),
      matchMembers(db, projectId),
    ]);
    const authors = gitAuthors(histories.flatMap((history) => history.people));
    const commits = commitsByMember(authors, members);
    return {
      members: members.map((member) => ({
        memberId: member.id,
        name: member.name,
        github_login: member.githubLogin,
        teamId: member.teamId,
        identities: member.identities.map((identity) => ({
          kind: identity.kind,
          value: identity.value,
        })),
        commits: commits.get(member.id) ?? 0,
      })),
      suggestions: suggestionsFor(authors, members),
    };
  }

  async replaceIdentities(
    ownerId: string,
    projectId: string,
    memberId: string,
    identities: Identity[],
  ): Promise<ProjectIdentities> {
    await this.write(ownerId, projectId, async (tx) => {
      if (!isUuid(memberId) || !(await queries.findMember(tx, projectId, memberId)))
        throw notFound('Member not found');
      const wanted = new Map<string, { kind: Identity['kind']; value: string; key: string }>();
      for (const identity of identities) {
        const value = identity.value.trim();
        const key = identityKey(value);
        wanted.set(`${identity.kind}:${key}`, { kind: identity.kind, value, key });
      }
      const others = (await queries.identitiesOf(tx, projectId)).filter(
        (identity) => identity.memberId !== memberId,
      );
      const taken = [...wanted.values()].findIndex((identity) =>
        others.some((other) => other.kind === identity.kind && other.key === identity.key),
      );
      if (taken >= 0)
        throw new AppError(ErrorCodes.conflict, TeamMessages.identityTaken, [
          { path: `identities.${taken}.value`, message: TeamMessages.identityTaken },
        ]);
      await queries.replaceIdentities(tx, projectId, memberId, [...wanted.values()]);
    });
    return this.identities(ownerId, projectId);
  }

  /** One person's figures: for the project's owner, or for the person their GitHub login names. */
  async personFigures(
    userId: string,
    projectId: string,
    memberId: string,
    query: PeriodQuery,
  ): Promise<PersonFigures> {
    const { db } = this.deps;
    const hidden = () => notFound(TeamMessages.personHidden);
    if (!isUuid(projectId) || !isUuid(memberId)) throw hidden();
    const [project, member] = await Promise.all([
      queries.findProject(db, projectId),
      queries.findMember(db, projectId, memberId),
    ]);
    if (!project || !member) throw hidden();
    if (project.ownerId !== userId) {
      const login = await queries.githubLoginOf(db, userId);
      if (!login || !member.githubLogin || login.toLowerCase() !== member.githubLogin.toLowerCase())
        throw hidden();
    }
    const period = resolvePeriod(query, await this.deps.timeZoneOf(userId), this.now());
    return this.figuresOf(project, { id: member.id, name: member.name }, period);
  }

  /** The signed-in user's figures in every project their GitHub login is a member of. */
  async myFigures(userId: string, query: PeriodQuery): Promise<MyFigures> {
    const { db } = this.deps;
    const login = await queries.githubLoginOf(db, userId);
    if (!login) return [];
    const memberships = await queries.membershipsOfLogin(db, login);
    if (memberships.length === 0) return [];
    const period = resolvePeriod(query, await this.deps.timeZoneOf(userId), this.now());
    const figures: MyFigures = [];
    for (const membership of memberships) {
      const project = {
        id: membership.projectId,
        name: membership.projectName,
        ownerId: membership.ownerId,
      };
      const person = await this.figuresOf(
        project,
        { id: membership.memberId, name: membership.name },
        period,
      );
      figures.push({ ...person, projectId: project.id, projectName: project.name });
    }
    return figures;
  }

  private async figuresOf(
    project: { id: string; ownerId: string },
    person: { id: string; name: string },
    period: PeriodWindow,
  ): Promise<PersonFigures> {
    const { db } = this.deps;
    const [histories, members, repoKeys] = await Promise.all([
      queries.latestHistories(db, project.id),
      matchMembers(db, project.id),
      queries.githubRepoKeys(db, project.id),
    ]);
    const member = members.find((m) => m.id === person.id);
    const login = member?.githubLogin ?? null;
    const prs = login
      ? await queries.personPrFigures(
          db,
          { repoKeys, userId: project.ownerId, login },
          period.since,
          period.until,
        )
      : await queries.personPrFigures(db, { repoKeys: [], userId: '', login: '' }, '', '');
    const theirs = (p: HistoryPerson) => memberOf(p, members as MatchMember[])?.id === person.id;
    return {
      memberId: person.id,
      name: person.name,
      period: resolvedPeriod(period),
      prs_opened: prs.opened,
      prs_merged: prs.merged,
      reviews: prs.reviews,
      commits: commitsInPeriod(histories, theirs, period),
      time_to_first_review: prs.time_to_first_review,
      time_to_merge: prs.time_to_merge,
      cycle_time: prs.cycle_time,
    };
  }
}

function unique(ids: string[]): string[] {
  return [...new Set(ids)];
}

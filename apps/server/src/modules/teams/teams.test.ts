import { beforeEach, describe, expect, it } from 'vitest';
import type {
  MyFigures,
  PersonFigures,
  Project,
  ProjectIdentities,
  Team,
  TeamMember,
} from '@rota/contracts';
import { TeamMessages } from '@rota/contracts';
import { githubAccounts } from '../../db/schema/index.js';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import {
  historyResult,
  insertAnalysis,
  insertPulls,
  insertRepo,
  NOW,
} from '../../testing/analytics-seed.js';
import { foldName, likelyMember, noreplyLogin } from './matching.js';

/**
 * Teams, identities, contributions and a person's figures over seeded pull requests and a stored
 * history analysis. NOW is Monday 15 June 2026 12:00 UTC; times are hours before it.
 */
const context = useTestApp({ startQueue: false });

beforeEach(() => {
  context.clock.now = NOW;
});

async function owner() {
  const { token, user } = await registerUser(context.app);
  const project = await createProject(context.app, token);
  return { token, userId: user.id, project };
}

async function addMember(token: string, projectId: string, body: Record<string, unknown>) {
  const response = await context.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/members`,
    headers: bearer(token),
    payload: body,
  });
  expect(response.statusCode).toBe(201);
  return response.json().data as TeamMember;
}

function call(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
  url: string,
  payload?: object,
) {
  return context.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
}

/** The project's GitHub repository with a history: ayse (two addresses), a no-reply cem, a bot. */
async function seedHistory(projectId: string) {
  const repo = await insertRepo(context.database.db, projectId, {
    owner: 'acme',
    repo: 'api',
    url: 'https://github.com/acme/api',
    provider: 'github',
  });
  await insertAnalysis(
    context.database.db,
    { url: repo.url, branch: repo.branch },
    'history',
    historyResult({
      commits: {},
      people: [
        {
          name: 'Ayşe Yılmaz',
          email: 'ayse@acme.dev',
          bot: false,
          commits: 7,
          first: 100,
          last: 10,
        },
        {
          name: 'ayse yilmaz',
          email: 'ayse@home.example',
          bot: false,
          commits: 3,
          first: 50,
          last: 20,
        },
        {
          name: 'Cem K',
          email: '123+cemk@users.noreply.github.com',
          bot: false,
          commits: 5,
          first: 30,
          last: 5,
        },
        { name: 'Deniz', email: 'deniz@acme.dev', bot: false, commits: 2, first: 2000, last: 40 },
        { name: 'dependabot', email: 'bot@acme.dev', bot: true, commits: 9, first: 60, last: 1 },
      ],
      firstCommitDaysAgo: 200,
    }),
  );
  return repo;
}

describe('teams', () => {
  it('creates, renames, moves members between teams and deletes, owner only', async () => {
    const { token, project } = await owner();
    const ayse = await addMember(token, project.id, { name: 'Ayşe' });
    const cem = await addMember(token, project.id, { name: 'Cem' });
    const base = `/api/projects/${project.id}/teams`;

    const created = await call(token, 'POST', base, {
      name: 'Backend',
      memberIds: [ayse.id, cem.id],
    });
    expect(created.statusCode).toBe(201);
    const backend = created.json().data as Team;
    expect(backend.memberIds.sort()).toEqual([ayse.id, cem.id].sort());

    const second = await call(token, 'POST', base, { name: 'Web', memberIds: [cem.id] });
    expect(second.statusCode).toBe(201);
    const list = (await call(token, 'GET', base)).json().data as Team[];
    expect(list.map((team) => [team.name, team.memberIds])).toEqual([
      ['Backend', [ayse.id]],
      ['Web', [cem.id]],
    ]);

    const taken = await call(token, 'POST', base, { name: 'backend', memberIds: [] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(TeamMessages.teamNameTaken);
    const renamedToTaken = await call(token, 'PATCH', `${base}/${backend.id}`, {
      name: 'Web',
      memberIds: [],
    });
    expect(renamedToTaken.statusCode).toBe(409);

    const stranger = await owner();
    const foreign = await addMember(stranger.token, stranger.project.id, { name: 'Other' });
    const unknown = await call(token, 'POST', base, { name: 'Ops', memberIds: [foreign.id] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(TeamMessages.unknownMember);
    const empty = await call(token, 'POST', base, { name: '   ', memberIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(TeamMessages.teamNameRequired);

    const renamed = await call(token, 'PATCH', `${base}/${backend.id}`, {
      name: 'Platform',
      memberIds: [],
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Platform', memberIds: [] });

    expect((await call(stranger.token, 'GET', base)).statusCode).toBe(404);
    expect((await call(stranger.token, 'DELETE', `${base}/${backend.id}`)).statusCode).toBe(404);

    const deleted = await call(token, 'DELETE', `${base}/${second.json().data.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await call(token, 'DELETE', `${base}/${second.json().data.id}`)).statusCode).toBe(404);
    const after = (await call(token, 'GET', `/api/projects/${project.id}/identities`)).json()
      .data as ProjectIdentities;
    expect(after.members.every((member) => member.teamId === null)).toBe(true);
  });

  it('publishes teams.changed on every write', async () => {
    const { token, project } = await owner();
    const seen: string[] = [];
    const stop = context.events.on('teams.changed', (payload) => {
      seen.push(payload.projectId);
    });
    await call(token, 'POST', `/api/projects/${project.id}/teams`, { name: 'A', memberIds: [] });
    stop();
    expect(seen).toEqual([project.id]);
  });
});

describe('identities', () => {
  it('suggests unclaimed authors with their likely member, and counts claimed commits', async () => {
    const { token, project } = await owner();
    await seedHistory(project.id);
    const ayse = await addMember(token, project.id, { name: 'Ayse Yilmaz' });
    const cem = await addMember(token, project.id, { name: 'Cem', github_login: 'cemk' });
    const deniz = await addMember(token, project.id, { name: 'D', github_login: 'deniz' });
    const url = `/api/projects/${project.id}/identities`;

    const before = (await call(token, 'GET', url)).json().data as ProjectIdentities;
    expect(before.suggestions).toEqual([
      {
        name: 'Ayşe Yılmaz',
        email: 'ayse@acme.dev',
        commits: 7,
        memberId: ayse.id,
        reason: 'sameName',
      },
      {
        name: 'Cem K',
        email: '123+cemk@users.noreply.github.com',
        commits: 5,
        memberId: cem.id,
        reason: 'noreplyLogin',
      },
      {
        name: 'ayse yilmaz',
        email: 'ayse@home.example',
        commits: 3,
        memberId: ayse.id,
        reason: 'sameName',
      },
      {
        name: 'Deniz',
        email: 'deniz@acme.dev',
        commits: 2,
        memberId: deniz.id,
        reason: 'emailLocalPart',
      },
    ]);
    // Cem's no-reply address names his login: his commits count before he claims anything.
    const commitsOf = (data: ProjectIdentities) =>
      Object.fromEntries(data.members.map((member) => [member.name, member.commits]));
    expect(commitsOf(before)).toEqual({ 'Ayse Yilmaz': 0, Cem: 5, D: 0 });

    const put = await call(
      token,
      'PUT',
      `/api/projects/${project.id}/members/${ayse.id}/identities`,
      {
        identities: [
          { kind: 'email', value: 'Ayse@Acme.dev' },
          { kind: 'name', value: 'ayse yilmaz' },
        ],
      },
    );
    expect(put.statusCode).toBe(200);
    const after = put.json().data as ProjectIdentities;
    expect(commitsOf(after)).toEqual({ 'Ayse Yilmaz': 10, Cem: 5, D: 0 });
    expect(after.members.find((m) => m.memberId === ayse.id)!.identities).toEqual([
      { kind: 'email', value: 'Ayse@Acme.dev' },
      { kind: 'name', value: 'ayse yilmaz' },
    ]);
    expect(after.suggestions.map((s) => s.email)).toEqual([
      '123+cemk@users.noreply.github.com',
      'deniz@acme.dev',
    ]);

    const taken = await call(
      token,
      'PUT',
      `/api/projects/${project.id}/members/${cem.id}/identities`,
      {
        identities: [{ kind: 'email', value: 'AYSE@acme.dev' }],
      },
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(TeamMessages.identityTaken);
    const invalid = await call(
      token,
      'PUT',
      `/api/projects/${project.id}/members/${cem.id}/identities`,
      {
        identities: [{ kind: 'email', value: '' }],
      },
    );
    expect(invalid.statusCode).toBe(400);

    // Contributions on the project are the matched commits; D, unmatched, keeps the stored value.
    const read = (await call(token, 'GET', `/api/projects/${project.id}`)).json().data as Project;
    expect(Object.fromEntries(read.team_members.map((m) => [m.name, m.contributions]))).toEqual({
      'Ayse Yilmaz': 10,
      Cem: 5,
      D: 0,
    });
    const members = (await call(token, 'GET', `/api/projects/${project.id}/members`)).json()
      .data as TeamMember[];
    expect(members.find((m) => m.id === ayse.id)!.contributions).toBe(10);
  });

  it('keeps the stored contributions of a member nothing matches', async () => {
    const { token, project } = await owner();
    await addMember(token, project.id, { name: 'By hand', contributions: 12 });
    const read = (await call(token, 'GET', `/api/projects/${project.id}`)).json().data as Project;
    expect(read.team_members[0]!.contributions).toBe(12);
  });
});

describe('a person’s figures', () => {
  async function setup() {
    const boss = await owner();
    await seedHistory(boss.project.id);
    const cem = await addMember(boss.token, boss.project.id, { name: 'Cem', github_login: 'cemk' });
    await insertPulls(context.database.db, [
      {
        repoKey: 'acme/api',
        number: 1,
        author: 'cemk',
        state: 'merged',
        created: 50,
        merged: 40,
        firstCommit: 60,
        size: 10,
        reviews: [{ author: 'bora', state: 'approved', at: 45 }],
      },
      { repoKey: 'acme/api', number: 2, author: 'cemk', state: 'open', created: 20, size: 10 },
      {
        repoKey: 'acme/api',
        number: 3,
        author: 'bora',
        state: 'open',
        created: 30,
        size: 10,
        reviews: [{ author: 'CemK', state: 'commented', at: 25 }],
      },
      {
        repoKey: 'acme/api',
        number: 4,
        author: 'cemk',
        state: 'merged',
        created: 24 * 60,
        merged: 24 * 59,
        size: 10,
      },
    ]);
    const self = await registerUser(context.app);
    await context.database.db.insert(githubAccounts).values({
      userId: self.user.id,
      githubId: 777,
      login: 'CemK',
      accessTokenEnc: 'x',
    });
    return { boss, cem, self };
  }

  it('is shown to the owner and to the person, and to nobody else', async () => {
    const { boss, cem, self } = await setup();
    const url = `/api/projects/${boss.project.id}/people/${cem.id}/figures?days=7`;
    const seen = await call(boss.token, 'GET', url);
    expect(seen.statusCode).toBe(200);
    const figures = seen.json().data as PersonFigures;
    expect(figures).toMatchObject({
      memberId: cem.id,
      name: 'Cem',
      prs_opened: 2,
      prs_merged: 1,
      reviews: 1,
      commits: 5,
    });
    expect(figures.period).toMatchObject({ days: 7, to: '2026-06-15', timeZone: 'UTC' });
    expect(figures.time_to_first_review).toMatchObject({ count: 1, median: 5 });
    expect(figures.time_to_merge).toMatchObject({ count: 1, median: 10 });
    expect(figures.cycle_time).toMatchObject({ count: 1, median: 20 });

    const own = await call(self.token, 'GET', url);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual(figures);

    const other = await registerUser(context.app);
    const hidden = await call(other.token, 'GET', url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(TeamMessages.personHidden);
    // Another member's figures are not the person's to see.
    const bora = await addMember(boss.token, boss.project.id, {
      name: 'Bora',
      github_login: 'bora',
    });
    const boraUrl = `/api/projects/${boss.project.id}/people/${bora.id}/figures`;
    expect((await call(self.token, 'GET', boraUrl)).statusCode).toBe(404);
    expect((await call(boss.token, 'GET', boraUrl)).statusCode).toBe(200);
  });

  it('the 90 days reach the older pull request; commits straddling the period are unknown', async () => {
    const { boss, cem } = await setup();
    const url = `/api/projects/${boss.project.id}/people/${cem.id}/figures?from=2026-06-15&to=2026-06-15`;
    const short = (await call(boss.token, 'GET', url)).json().data as PersonFigures;
    // Cem’s commits run from 30 h to 5 h before NOW: some fall before 15 June.
    expect(short.commits).toBeNull();
    const long = (await call(boss.token, 'GET', url.replace(/\?.*/, '?days=90'))).json()
      .data as PersonFigures;
    expect(long.prs_merged).toBe(2);
  });

  it('my figures list every project the signed-in login is a member of', async () => {
    const { boss, self } = await setup();
    const mine = await call(self.token, 'GET', '/api/me/figures');
    expect(mine.statusCode).toBe(200);
    const data = mine.json().data as MyFigures;
    expect(data.map((f) => [f.projectId, f.projectName, f.prs_opened])).toEqual([
      [boss.project.id, boss.project.name, 2],
    ]);
    const none = await call(boss.token, 'GET', '/api/me/figures');
    expect(none.json().data).toEqual([]);
  });
});

describe('matching rules', () => {
  it('folds names and reads no-reply logins', () => {
    expect(foldName('  AYŞE   Işık ')).toBe('ayse isik');
    expect(noreplyLogin('42+Octo@users.noreply.github.com')).toBe('octo');
    expect(noreplyLogin('octo@example.com')).toBeNull();
    expect(
      likelyMember({ name: 'X', email: 'octo@example.com', commits: 1 }, [
        { id: 'm', name: 'Y', githubLogin: 'Octo', identities: [] },
      ]),
    ).toEqual({ memberId: 'm', reason: 'emailLocalPart' });
  });
});

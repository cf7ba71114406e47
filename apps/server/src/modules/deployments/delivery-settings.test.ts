import { describe, expect, it } from 'vitest';
import { DeliveryMessages, type DeliverySettings } from '@rota/contracts';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { insertRepo } from '../../testing/analytics-seed.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

/** The delivery settings routes, the incident token and the incidents posted with it. */
const WRONG_TOKENS_PER_IP = 20;
const context = useTestApp({
  config: {
    authRateLimit: {
      windowMs: 60_000,
      perIp: WRONG_TOKENS_PER_IP,
      perEmailIp: 1000,
      perEmail: 1000,
    },
  },
  startQueue: false,
});

async function ownerWithRepo() {
  const owner = await registerUser(context.app);
  const project = await createProject(context.app, owner.token);
  const repo = await insertRepo(context.database.db, project.id, {
    owner: 'acme',
    repo: 'shop',
    url: 'https://github.com/acme/shop',
    provider: 'github',
  });
  return { owner, project, repo };
}

const settingsOf = async (projectId: string, token: string) => {
  const answer = await context.app.inject({
    method: 'GET',
    url: `/api/projects/${projectId}/delivery/settings`,
    headers: bearer(token),
  });
  return { status: answer.statusCode, data: answer.json().data as DeliverySettings };
};

const put = (projectId: string, token: string, payload: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: `/api/projects/${projectId}/delivery/settings`,
    headers: bearer(token),
    payload: payload as object,
  });

const postIncident = (projectId: string, authorization: string | undefined, payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/incidents`,
    headers: authorization === undefined ? {} : { authorization },
    payload: payload as object,
  });

const createToken = async (projectId: string, token: string) => {
  const answer = await context.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/delivery/incident-token`,
    headers: bearer(token),
  });
  expect(answer.statusCode).toBe(201);
  return (answer.json().data as { token: string }).token;
};

describe('delivery settings', () => {
  it('starts at auto for every repository and saves the sources and patterns chosen', async () => {
    const { owner, project, repo } = await ownerWithRepo();
    expect(await settingsOf(project.id, owner.token)).toEqual({
      status: 200,
      data: {
        repos: [{ repoId: repo.id, source: 'auto', pattern: null }],
        incidentLabelPattern: null,
        incidentToken: { exists: false, createdAt: null },
      },
    });
    const changed: string[] = [];
    const stop = context.events.on('delivery-settings.changed', ({ projectId }) => {
      changed.push(projectId);
    });
    const saved = await put(project.id, owner.token, {
      repos: [{ repoId: repo.id, source: 'tags', pattern: '^release-' }],
      incidentLabelPattern: '^sev1$',
    });
    stop();
    expect(saved.statusCode).toBe(200);
    expect(changed).toEqual([project.id]);
    expect((await settingsOf(project.id, owner.token)).data).toMatchObject({
      repos: [{ repoId: repo.id, source: 'tags', pattern: '^release-' }],
      incidentLabelPattern: '^sev1$',
    });
    // Not listed: back to auto.
    await put(project.id, owner.token, { repos: [], incidentLabelPattern: null });
    expect((await settingsOf(project.id, owner.token)).data.repos).toEqual([
      { repoId: repo.id, source: 'auto', pattern: null },
    ]);
  });

  it('refuses repositories of other projects, unknown sources and broken patterns', async () => {
    const { owner, project, repo } = await ownerWithRepo();
    const other = await ownerWithRepo();
    const foreign = await put(project.id, owner.token, {
      repos: [{ repoId: other.repo.id, source: 'tags', pattern: null }],
      incidentLabelPattern: null,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(DeliveryMessages.unknownRepository);
    const twice = await put(project.id, owner.token, {
      repos: [
        { repoId: repo.id, source: 'tags', pattern: null },
        { repoId: repo.id, source: 'releases', pattern: null },
      ],
      incidentLabelPattern: null,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(DeliveryMessages.duplicateRepository);
    const source = await put(project.id, owner.token, {
      repos: [{ repoId: repo.id, source: 'ftp', pattern: null }],
      incidentLabelPattern: null,
    });
    expect(source.statusCode).toBe(400);
    const pattern = await put(project.id, owner.token, {
      repos: [],
      incidentLabelPattern: '(unclosed',
    });
    expect(pattern.statusCode).toBe(400);
    expect(JSON.stringify(pattern.json().error)).toContain(DeliveryMessages.invalidPattern);
    // Someone else's project is a project that does not exist.
    expect((await settingsOf(other.project.id, owner.token)).status).toBe(404);
    const token = await context.app.inject({
      method: 'POST',
      url: `/api/projects/${other.project.id}/delivery/incident-token`,
      headers: bearer(owner.token),
    });
    expect(token.statusCode).toBe(404);
  });
});

describe('posted incidents', () => {
  const incident = {
    externalId: 'PD-42',
    title: 'Checkout is down',
    startedAt: '2026-03-01T10:00:00Z',
  };

  it('takes an incident with the project’s token, and its resolution later', async () => {
    const { owner, project } = await ownerWithRepo();
    const token = await createToken(project.id, owner.token);
    expect(token).toMatch(/^rota_inc_/);
    expect((await settingsOf(project.id, owner.token)).data.incidentToken.exists).toBe(true);
    const stored: unknown[] = [];
    const stop = context.events.on('incidents.stored', (event) => void stored.push(event));

    const created = await postIncident(project.id, `Bearer ${token}`, incident);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      externalId: 'PD-42',
      title: 'Checkout is down',
      url: null,
      startedAt: '2026-03-01T10:00:00.000Z',
      resolvedAt: null,
    });
    const resolved = await postIncident(project.id, `Bearer ${token}`, {
      ...incident,
      url: 'https://pager.example.com/PD-42',
      resolvedAt: '2026-03-01T12:30:00+02:00',
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data).toMatchObject({
      id: created.json().data.id,
      url: 'https://pager.example.com/PD-42',
      resolvedAt: '2026-03-01T10:30:00.000Z',
    });
    // A later post without a resolution leaves it resolved.
    const again = await postIncident(project.id, `Bearer ${token}`, incident);
    expect(again.json().data.resolvedAt).toBe('2026-03-01T10:30:00.000Z');
    stop();
    expect(stored).toEqual([
      { repoKey: null, projectId: project.id },
      { repoKey: null, projectId: project.id },
      { repoKey: null, projectId: project.id },
    ]);
    const invalid = await postIncident(project.id, `Bearer ${token}`, {
      ...incident,
      resolvedAt: '2026-02-01T00:00:00Z',
    });
    expect(invalid.statusCode).toBe(400);
    expect(JSON.stringify(invalid.json().error)).toContain(DeliveryMessages.resolvedBeforeStart);
  });

  it('answers 401 to every other caller, the same whether the project exists or not', async () => {
    const { owner, project } = await ownerWithRepo();
    const other = await ownerWithRepo();
    const otherToken = await createToken(other.project.id, other.owner.token);
    // No token yet: nothing is accepted.
    const refusals = [
      await postIncident(project.id, undefined, incident),
      await postIncident(project.id, `Bearer ${otherToken}`, incident),
      await postIncident(project.id, `Bearer ${owner.token}`, incident),
      await postIncident('00000000-0000-4000-8000-000000000000', `Bearer ${otherToken}`, incident),
      await postIncident('not-a-project', `Bearer ${otherToken}`, incident),
      // Invalid input without the token is still 401: nothing is read before the token.
      await postIncident(project.id, 'Bearer wrong', { nonsense: true }),
    ];
    for (const answer of refusals) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().error.message).toBe(DeliveryMessages.incidentTokenInvalid);
    }
    const first = await createToken(project.id, owner.token);
    const second = await createToken(project.id, owner.token);
    expect((await postIncident(project.id, `Bearer ${first}`, incident)).statusCode).toBe(401);
    expect((await postIncident(project.id, `Bearer ${second}`, incident)).statusCode).toBe(201);
    const deleted = await context.app.inject({
      method: 'DELETE',
      url: `/api/projects/${project.id}/delivery/incident-token`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.incidentToken).toEqual({ exists: false, createdAt: null });
    expect((await postIncident(project.id, `Bearer ${second}`, incident)).statusCode).toBe(401);
  });

  it('refuses a client that keeps sending wrong tokens', async () => {
    const { owner, project } = await ownerWithRepo();
    const token = await createToken(project.id, owner.token);
    const answers: number[] = [];
    for (let attempt = 0; attempt <= WRONG_TOKENS_PER_IP; attempt += 1)
      answers.push((await postIncident(project.id, 'Bearer guess', incident)).statusCode);
    expect(answers.filter((status) => status === 401).length).toBeLessThanOrEqual(
      WRONG_TOKENS_PER_IP,
    );
    expect(answers.at(-1)).toBe(429);
    // Even the right token waits out the window from that client.
    expect((await postIncident(project.id, `Bearer ${token}`, incident)).statusCode).toBe(429);
  });
});

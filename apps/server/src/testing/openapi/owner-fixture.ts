import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { UnsubscribeLinks } from '../../modules/outbox/index.js';
import { bearer, registerUser, uniqueEmail, VALID_PASSWORD } from '../auth-helpers.js';
import { blockedReason, type HostPolicy } from '../../repo-store/host-policy.js';
import type { FixtureRepo } from '../git-fixtures.js';
import { createProject } from '../project-helpers.js';
import { testConfig } from '../test-config.js';
import type { KnownValues } from './arbitraries.js';
import type { Ids } from './requests.js';

/** The token the proofs' GitHub double knows (their users' GitHub credential). */
export const GITHUB_DOUBLE_TOKEN = 'gho_proofs';

/**
 * The chat webhook the owner's project posts to: an address that counts as public in the proofs
 * (PROOFS_HOST_POLICY) and refuses connections at once, so a test message answers without network.
 */
export const PROOFS_CHAT_URL = 'https://127.0.0.77:9/proofs-hook';

/** The proofs' host policy: the real one, but the chat webhook's loopback address plays a public host. */
export const PROOFS_HOST_POLICY: HostPolicy = {
  classify: (address) => (address === '127.0.0.77' ? null : blockedReason(address)),
};

/**
 * A user who owns real data: a project with a repository, a member in a team, an analysis job
 * and a chat destination.
 */
export interface Owner {
  token: string;
  refreshToken: string;
  email: string;
  /** The owner's own account (the first of the installation: its administrator). */
  userId: string;
  ids: Ids;
}

export async function registerOwner(app: FastifyInstance): Promise<Omit<Owner, 'ids'>> {
  const email = uniqueEmail('owner');
  const auth = await registerUser(app, { email });
  return { token: auth.token, refreshToken: auth.refreshToken, email, userId: auth.user.id };
}

async function expectStatus(
  app: FastifyInstance,
  request: InjectOptions,
  statuses: number[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fixture reads a few known fields
): Promise<any> {
  const response = await app.inject(request);
  if (!statuses.includes(response.statusCode))
    throw new Error(
      `owner fixture: ${JSON.stringify(request)} answered ${response.statusCode} ${response.body}`,
    );
  return response.json().data;
}

/**
 * Gives the user a project with `repo`, a member and an analysis job. The job is cancelled at
 * once (the suites run with the queue stopped), so its event stream ends instead of waiting.
 */
export async function giveOwnerData(
  app: FastifyInstance,
  owner: Omit<Owner, 'ids'>,
  repo: FixtureRepo,
): Promise<Owner> {
  const headers = bearer(owner.token);
  const project = await createProject(app, owner.token, {
    description: 'owned data',
    repos: [{ url: repo.dir, branch: 'main' }],
  });
  const member = await expectStatus(
    app,
    {
      method: 'POST',
      url: `/api/projects/${project.id}/members`,
      headers,
      payload: { name: 'Ece', role: 'dev' },
    },
    [201],
  );
  const accepted = await expectStatus(
    app,
    { method: 'GET', url: `/api/projects/${project.id}/structure-analysis`, headers },
    [202],
  );
  await expectStatus(
    app,
    { method: 'POST', url: `/api/jobs/${accepted.jobId}/cancel`, headers },
    [200],
  );
  const destination = await expectStatus(
    app,
    {
      method: 'POST',
      url: `/api/projects/${project.id}/chat-destinations`,
      headers,
      payload: {
        name: 'Ekip',
        format: 'slack',
        webhookUrl: PROOFS_CHAT_URL,
        topics: ['workFailed'],
      },
    },
    [201],
  );
  const team = await expectStatus(
    app,
    {
      method: 'POST',
      url: `/api/projects/${project.id}/teams`,
      headers,
      payload: { name: 'Çekirdek', memberIds: [member.id] },
    },
    [201],
  );
  // The incidents endpoint takes this token of the project, not the owner's sign-in.
  const incident = await expectStatus(
    app,
    { method: 'POST', url: `/api/projects/${project.id}/delivery/incident-token`, headers },
    [201],
  );
  const ids: Ids = {
    incidentToken: incident.token,
    id: project.id,
    projectId: project.id,
    repoId: project.repos[0]!.id,
    memberId: member.id,
    jobId: accepted.jobId,
    userId: owner.userId,
    destId: destination.id,
    teamId: team.id,
  };
  return { ...owner, ids };
}

/**
 * Field values only the test can make valid, by field name: the fixture repositories as URLs (the
 * owner's project holds the first, so adding the others can succeed), the
 * owner's e-mail and a password that passes the rules (a password change keeps it), the owner's
 * ids and account, a time zone Intl knows, a period and a team of the owner's project, and the
 * GitHub double's token; in a query, `token` is
 * an e-mail's signed unsubscribe token of the owner (the test apps' JWT secret signs it).
 */
export function knownValues(owner: Owner, repos: FixtureRepo[]): KnownValues {
  const ids = Object.fromEntries(
    Object.entries(owner.ids).map(([name, value]) => [name, fc.constant(value)]),
  );
  const urls = fc.constantFrom(...repos.map((repo) => repo.dir));
  return {
    ...ids,
    // Any of the owner's ids; the incident token is a credential, not an id.
    id: fc.constantFrom(
      ...Object.entries(owner.ids)
        .filter(([name]) => name !== 'incidentToken')
        .map(([, value]) => value),
    ),
    url: urls,
    memberIds: fc.constant([owner.ids.memberId]),
    webhookUrl: fc.constant(PROOFS_CHAT_URL),
    repoUrl: urls,
    avatar: fc.constant('https://avatars.githubusercontent.com/u/1'),
    branch: fc.constantFrom('main', 'feature/x'),
    email: fc.oneof(
      fc.constant(owner.email),
      fc.nat().map((n) => `fuzz.${n}@example.com`),
    ),
    password: fc.constant(VALID_PASSWORD),
    currentPassword: fc.constant(VALID_PASSWORD),
    newPassword: fc.constant(VALID_PASSWORD),
    confirmPassword: fc.constant(VALID_PASSWORD),
    refreshToken: fc.constant(owner.refreshToken),
    timezone: fc.constantFrom('Europe/Istanbul', 'UTC', null),
    // A period's days (both or neither pass), and a team of the owner's project when it has one.
    'query.from': fc.constant('2026-01-01'),
    'query.to': fc.constant('2026-01-31'),
    ...(owner.ids.teamId ? { 'query.team': fc.constant(owner.ids.teamId) } : {}),
    // A figure whose list the route gives here: a pull-request figure (a project's) or the
    // dashboard's open pull requests; the delivery figures' lists are wired in by composition.ts.
    'query.metric': fc.constantFrom('opened', 'open_prs'),
    token: fc.constant(GITHUB_DOUBLE_TOKEN),
    'query.token': fc.constant(
      new UnsubscribeLinks(testConfig().jwtSecret, testConfig().publicUrl).token(
        owner.userId,
        'prMerged',
      ),
    ),
    // A working-agreements set: each threshold's range depends on its kind, hours must be ordered.
    agreements: fc.constant([
      {
        kind: 'maxOpenDays',
        enabled: true,
        threshold: 7,
        includeBots: false,
        includeAgents: false,
      },
    ]),
    // Delivery settings: regular expressions (a random text rarely is one).
    pattern: fc.constantFrom(null, '^v?\\d+\\.\\d+\\.\\d+$', 'deploy'),
    incidentLabelPattern: fc.constantFrom(null, '^incident$'),
    workingTime: fc.constant({
      timeZone: 'UTC',
      weekdays: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '18:00',
    }),
    before: fc.constant(
      Buffer.from(
        `2026-01-01T00:00:00.000Z|${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      ).toString('base64url'),
    ),
  };
}

import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * GitHub's sign-in, as a Fastify plugin of the GitHub test double: the authorize page and token
 * endpoint of the web host (github.com), and `/user` and `/user/emails` of the API host. The
 * authorize page approves (or denies) at once for whoever `control.signedIn` is, so a browser test
 * passes through it like a user who clicks "Authorize". The API answers are GitHub's own examples
 * from its OpenAPI description (@octokit/openapi), with the test user's fields put in.
 */
export interface DoubleGitHubUser {
  id: number;
  login: string;
  name: string | null;
  avatarUrl?: string;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

/** What a test changes to steer the double; everything it records for the test to check. */
export class OAuthDoubleControl {
  /** The GitHub user signed in on this "github.com" (who approves the authorize page). */
  signedIn: DoubleGitHubUser;
  /** The user clicks "Cancel" on the authorize page. */
  deny = false;
  /** The token endpoint answers `{error: <this>}` to a code exchange (as GitHub does, with 200). */
  exchangeError: string | null = null;
  /** Tokens are GitHub App user tokens that expire, with refresh tokens. */
  expiringTokens = false;
  /** `/user` and `/user/emails` answer 503, as GitHub's API does during an outage. */
  apiDown = false;
  /** The `scope` of each authorize request, in order. */
  readonly requestedScopes: string[] = [];
  /** Access tokens handed out, newest last. */
  readonly issuedTokens: string[] = [];
  /** Told of each access token handed out (the e2e double lets its REST routes accept it). */
  onTokenIssued: ((token: string, user: DoubleGitHubUser) => void) | null = null;

  constructor(signedIn: DoubleGitHubUser) {
    this.signedIn = signedIn;
  }
}

export interface OAuthDoubleOptions {
  clientId: string;
  clientSecret: string;
  control: OAuthDoubleControl;
  /** Where the REST routes live: '' like api.github.com, '/api/v3' like GitHub Enterprise Server. */
  apiPrefix?: string;
}

type Examples = Record<string, { value: unknown }>;
let examples: Examples | undefined;

/** GitHub's published examples (13 MB of JSON: read once, on first use). */
function openApiExample<T>(name: string): T {
  examples ??= (
    createRequire(import.meta.url)('@octokit/openapi/generated/api.github.com.json') as {
      components: { examples: Examples };
    }
  ).components.examples;
  const example = examples[name];
  if (!example) throw new Error(`@octokit/openapi has no example ${name}`);
  return structuredClone(example.value) as T;
}

interface Grant {
  user: DoubleGitHubUser;
  redirectUri: string;
  expiresAt: number;
}

const CODE_TTL_MS = 10 * 60_000;
const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export async function githubOAuthDouble(app: FastifyInstance, options: OAuthDoubleOptions) {
  const { control, clientId, clientSecret } = options;
  const apiPrefix = options.apiPrefix ?? '';
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, DoubleGitHubUser>();
  const refreshTokens = new Map<string, DoubleGitHubUser>();

  // GitHub's token endpoint takes form posts as well as JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/login/oauth/authorize', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.client_id !== clientId || !query.redirect_uri)
      return reply.code(404).type('text/plain').send('Not Found');
    control.requestedScopes.push(query.scope ?? '');
    const target = new URL(query.redirect_uri);
    if (control.deny) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const code = randomBytes(10).toString('hex');
      codes.set(code, {
        user: control.signedIn,
        redirectUri: query.redirect_uri,
        expiresAt: Date.now() + CODE_TTL_MS,
      });
      target.searchParams.set('code', code);
    }
    if (query.state) target.searchParams.set('state', query.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/login/oauth/access_token', async (request) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (body.client_id !== clientId || body.client_secret !== clientSecret)
      return { error: 'incorrect_client_credentials' };
    if (body.grant_type === 'refresh_token') {
      const user = body.refresh_token ? refreshTokens.get(body.refresh_token) : undefined;
      if (!user) return { error: 'bad_refresh_token' };
      refreshTokens.delete(body.refresh_token!); // single use, like GitHub's
      return issue(user, true);
    }
    if (control.exchangeError) return { error: control.exchangeError };
    const grant = body.code ? codes.get(body.code) : undefined;
    if (body.code) codes.delete(body.code);
    if (!grant || grant.expiresAt < Date.now()) return { error: 'bad_verification_code' };
    if (body.redirect_uri && body.redirect_uri !== grant.redirectUri)
      return { error: 'redirect_uri_mismatch' };
    return issue(grant.user, control.expiringTokens);
  });

  function issue(user: DoubleGitHubUser, expiring: boolean) {
    const access = token(expiring ? 'ghu' : 'gho');
    accessTokens.set(access, user);
    control.issuedTokens.push(access);
    control.onTokenIssued?.(access, user);
    const scope = control.requestedScopes.at(-1)?.replace(/ /g, ',') ?? '';
    if (!expiring) return { access_token: access, token_type: 'bearer', scope };
    const refresh = token('ghr');
    refreshTokens.set(refresh, user);
    return {
      access_token: access,
      token_type: 'bearer',
      scope: '',
      expires_in: 28_800,
      refresh_token: refresh,
      refresh_token_expires_in: 15_811_200,
    };
  }

  function userFor(request: FastifyRequest, reply: FastifyReply): DoubleGitHubUser | undefined {
    if (control.apiDown) {
      void reply.code(503).send({ message: 'Service Unavailable' });
      return undefined;
    }
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const user = match?.[1] ? accessTokens.get(match[1]) : undefined;
    if (!user)
      void reply.code(401).send({
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
    return user;
  }

  app.get(`${apiPrefix}/user`, async (request, reply) => {
    const user = userFor(request, reply);
    if (!user) return reply;
    const body = openApiExample<Record<string, unknown>>(
      'private-user-response-with-public-and-private-profile-information',
    );
    const primary = user.emails.find((entry) => entry.primary);
    return {
      ...body,
      id: user.id,
      login: user.login,
      name: user.name,
      email: primary?.email ?? null,
      avatar_url: user.avatarUrl ?? body.avatar_url,
      url: `${request.protocol}://${request.host}${apiPrefix}/users/${user.login}`,
    };
  });

  app.get(`${apiPrefix}/user/emails`, async (request, reply) => {
    const user = userFor(request, reply);
    if (!user) return reply;
    const [shape] = openApiExample<Array<Record<string, unknown>>>('email-items-2');
    return user.emails.map((entry) => ({
      ...shape,
      ...entry,
      visibility: entry.primary ? 'private' : null,
    }));
  });
}

import type { GitHubConfig } from '../../config.js';

/**
 * The few GitHub calls sign-in needs: the code exchange and token refresh on the web host, and the
 * user and e-mails on the API host. Plain fetch on purpose: sign-in runs before any Rota user has a
 * token, so the rate-limit-aware client (modules/forges) has nothing to key its state by yet.
 */
export interface GitHubTokenPair {
  accessToken: string;
  scopes: string;
  /** Set only for GitHub App user tokens that expire (with a refresh token). */
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

export interface GitHubIdentity {
  id: number;
  login: string;
  name: string | null;
  avatarUrl: string | null;
}

export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub said no to the code or refresh token (its `error` field), as opposed to being unreachable. */
export class GitHubGrantRejected extends Error {
  constructor(readonly reason: string) {
    super(`GitHub rejected the grant: ${reason}`);
    this.name = 'GitHubGrantRejected';
  }
}

/** GitHub could not be reached or answered something unusable. */
export class GitHubUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitHubUnavailable';
  }
}

const TIMEOUT_MS = 10_000;

export class GitHubOAuthClient {
  constructor(
    private readonly github: Pick<GitHubConfig, 'apiUrl' | 'webUrl'>,
    private readonly client: { clientId: string; clientSecret: string },
    private readonly now: () => number = Date.now,
  ) {}

  authorizeUrl(params: { redirectUri: string; state: string; scopes: string[] }): string {
    const url = new URL(`${this.github.webUrl}/login/oauth/authorize`);
    url.searchParams.set('client_id', this.client.clientId);
    url.searchParams.set('redirect_uri', params.redirectUri);
    url.searchParams.set('scope', params.scopes.join(' '));
    url.searchParams.set('state', params.state);
    url.searchParams.set('allow_signup', 'true');
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string): Promise<GitHubTokenPair> {
    return this.grant({ code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string): Promise<GitHubTokenPair> {
    return this.grant({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async user(accessToken: string): Promise<GitHubIdentity> {
    const body = await this.api(accessToken, '/user');
    if (!isRecord(body) || typeof body.id !== 'number' || typeof body.login !== 'string')
      throw new GitHubUnavailable('GitHub /user answer has no id and login');
    return {
      id: body.id,
      login: body.login,
      name: typeof body.name === 'string' && body.name.trim() ? body.name.trim() : null,
      avatarUrl: typeof body.avatar_url === 'string' ? body.avatar_url : null,
    };
  }

  async emails(accessToken: string): Promise<GitHubEmail[]> {
    const body = await this.api(accessToken, '/user/emails');
    if (!Array.isArray(body)) throw new GitHubUnavailable('GitHub /user/emails is not a list');
    return body.filter(isRecord).flatMap((entry) =>
      typeof entry.email === 'string'
        ? [
            {
              email: entry.email,
              primary: entry.primary === true,
              verified: entry.verified === true,
            },
          ]
        : [],
    );
  }

  /** POST /login/oauth/access_token. GitHub answers 200 with `{error}` for a bad code. */
  private async grant(params: Record<string, string>): Promise<GitHubTokenPair> {
    const body = await this.request(`${this.github.webUrl}/login/oauth/access_token`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: this.client.clientId,
        client_secret: this.client.clientSecret,
        ...params,
      }),
    });
    if (isRecord(body) && typeof body.error === 'string') throw new GitHubGrantRejected(body.error);
    if (!isRecord(body) || typeof body.access_token !== 'string' || !body.access_token)
      throw new GitHubUnavailable('GitHub token answer has no access_token');
    const at = (seconds: unknown) =>
      typeof seconds === 'number' && seconds > 0 ? new Date(this.now() + seconds * 1000) : null;
    const refreshToken =
      typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null;
    return {
      accessToken: body.access_token,
      scopes: typeof body.scope === 'string' ? body.scope : '',
      expiresAt: at(body.expires_in),
      refreshToken,
      refreshTokenExpiresAt: refreshToken ? at(body.refresh_token_expires_in) : null,
    };
  }

  private api(accessToken: string, path: string): Promise<unknown> {
    return this.request(`${this.github.apiUrl}${path}`, {
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${accessToken}`,
        'x-github-api-version': '2022-11-28',
      },
    });
  }

  private async request(url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      // The time limit covers the body too: a GitHub that sends headers and then stalls ends here.
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
      text = await response.text();
    } catch (error) {
      throw new GitHubUnavailable(`GitHub unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new GitHubUnavailable(`GitHub answered ${response.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch (_error) {
      throw new GitHubUnavailable('GitHub answered something that is not JSON');
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

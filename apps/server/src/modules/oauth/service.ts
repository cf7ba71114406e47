import {
  ErrorCodes,
  type GitHubTokenRefreshResponse,
  type OAuthCallbackError,
  type User,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { AppError, serviceUnavailable, tooManyRequests } from '../../lib/errors.js';
import { clientKey } from '../../lib/rate-limit/client-key.js';
import type { RateLimiter } from '../../lib/rate-limit/rate-limiter.js';
import {
  constantTimeEqual,
  decryptSecret,
  encryptSecret,
  randomToken,
  sha256Hex,
} from '../../lib/crypto.js';
import type { AuthService } from '../auth/index.js';
import { administerIfUnadministered } from '../users/index.js';
import {
  GitHubGrantRejected,
  GitHubUnavailable,
  type GitHubOAuthClient,
  type GitHubTokenPair,
} from './github-oauth-client.js';
import * as queries from './queries.js';
import { safeServerReturnPath } from './return-path.js';

/** `repo` for private repositories and webhooks, `read:org` for organisation repositories. */
export const GITHUB_SCOPES = ['read:user', 'user:email', 'repo', 'read:org'];
/** Long enough to read GitHub's consent page, short enough that a leaked URL soon goes stale. */
export const STATE_TTL_MS = 10 * 60_000;

export interface OAuthServiceDeps {
  db: Database;
  auth: AuthService;
  /** Null when GITHUB_CLIENT_ID/SECRET are not set: every entry point answers 503. */
  client: GitHubOAuthClient | null;
  encryptionKey: Buffer;
  /** PUBLIC_URL: GitHub sends the browser back to PUBLIC_URL/api/oauth/github/callback. */
  publicUrl: string;
  /** Each start writes a row: sign-in starts per client are counted like password sign-ins. */
  rateLimiter: RateLimiter;
  limits: { windowMs: number; perIp: number };
  now?: () => number;
}

export interface SignInStart {
  authorizeUrl: string;
  /** Goes into the browser's cookie; the callback must bring it back. */
  browserKey: string;
}

export type CallbackOutcome =
  | { ok: true; token: string; refreshToken: string; user: User; returnPath: string | null }
  | { ok: false; error: OAuthCallbackError };

export const NOT_CONFIGURED_MESSAGE =
  'GitHub sign-in is not configured on this server: set GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET.';

export class OAuthService {
  private readonly now: () => number;

  constructor(private readonly deps: OAuthServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.deps.client !== null;
  }

  get redirectUri(): string {
    return `${this.deps.publicUrl}/api/oauth/github/callback`;
  }

  /** A fresh state for one sign-in attempt, stored hashed, and the URL that starts it on GitHub. */
  async start(next: string | undefined, ip: string): Promise<SignInStart> {
    const client = this.requireClient();
    const { windowMs, perIp } = this.deps.limits;
    const hit = await this.deps.rateLimiter.hit(`oauth-start:ip:${clientKey(ip)}`, windowMs);
    if (hit.count > perIp) throw tooManyRequests(hit.resetInMs);
    const state = randomToken(32);
    const browserKey = randomToken(32);
    const now = new Date(this.now());
    await queries.deleteExpiredStates(this.deps.db, now);
    await queries.insertState(this.deps.db, {
      stateHash: sha256Hex(state),
      browserKeyHash: sha256Hex(browserKey),
      returnPath: safeServerReturnPath(next),
      expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    });
    const authorizeUrl = client.authorizeUrl({
      redirectUri: this.redirectUri,
      state,
      scopes: GITHUB_SCOPES,
    });
    return { authorizeUrl, browserKey };
  }

  /**
   * GitHub's return. Never throws for what a visitor or GitHub can cause: each failure becomes an
   * error code the web's /auth/callback page explains.
   */
  async complete(params: {
    state: string | undefined;
    code: string | undefined;
    error: string | undefined;
    browserKey: string | undefined;
  }): Promise<CallbackOutcome> {
    const client = this.requireClient();
    // The state is spent whatever happens next: a second try must start over.
    const row = params.state
      ? await queries.takeState(this.deps.db, sha256Hex(params.state), new Date(this.now()))
      : undefined;
    const bound =
      row !== undefined &&
      params.browserKey !== undefined &&
      constantTimeEqual(row.browserKeyHash, sha256Hex(params.browserKey));
    if (!bound) return { ok: false, error: 'invalid_state' };
    if (params.error) return { ok: false, error: 'access_denied' };
    if (!params.code) return { ok: false, error: 'exchange_failed' };

    let tokens: GitHubTokenPair;
    try {
      tokens = await client.exchangeCode(params.code, this.redirectUri);
    } catch (error) {
      if (error instanceof GitHubGrantRejected || error instanceof GitHubUnavailable)
        return { ok: false, error: 'exchange_failed' };
      throw error;
    }
    try {
      const [identity, emails] = await Promise.all([
        client.user(tokens.accessToken),
        client.emails(tokens.accessToken),
      ]);
      const primary = emails.find((entry) => entry.primary && entry.verified);
      if (!primary) return { ok: false, error: 'no_verified_email' };
      const user = await this.linkOrCreate(identity, primary.email.trim().toLowerCase(), tokens);
      const session = await this.deps.auth.startSession(user.id);
      return { ok: true, ...session, user, returnPath: row.returnPath };
    } catch (error) {
      if (error instanceof GitHubUnavailable) return { ok: false, error: 'github_unavailable' };
      throw error;
    }
  }

  /** Trades the stored refresh token of an expiring GitHub App user token for a new pair. */
  async refreshGitHubToken(userId: string): Promise<GitHubTokenRefreshResponse> {
    const client = this.requireClient();
    const account = await queries.findAccountByUserId(this.deps.db, userId);
    if (!account)
      throw new AppError(
        ErrorCodes.githubAccountNotLinked,
        'Your account is not linked to GitHub. Sign in with GitHub first.',
      );
    if (!account.refreshTokenEnc)
      throw new AppError(
        ErrorCodes.githubTokenNotExpiring,
        'Your GitHub token does not expire, so there is nothing to refresh.',
      );
    let tokens: GitHubTokenPair;
    try {
      tokens = await client.refresh(
        decryptSecret(account.refreshTokenEnc, this.deps.encryptionKey),
      );
    } catch (error) {
      if (error instanceof GitHubGrantRejected)
        throw new AppError(
          ErrorCodes.githubRefreshRejected,
          'GitHub no longer accepts the stored refresh token. Sign in with GitHub again.',
        );
      if (error instanceof GitHubUnavailable)
        throw new AppError(
          ErrorCodes.githubUnavailable,
          'GitHub could not be reached to refresh your token. Try again in a few minutes.',
        );
      throw error;
    }
    await queries.updateTokens(this.deps.db, userId, this.sealed(tokens));
    return {
      expiresAt: tokens.expiresAt?.toISOString() ?? null,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt?.toISOString() ?? null,
    };
  }

  /**
   * The GitHub account's user if it was linked before; else the user with the same verified
   * e-mail (GitHub vouches for it); else a new user without a password.
   */
  private async linkOrCreate(
    identity: { id: number; login: string; name: string | null; avatarUrl: string | null },
    email: string,
    tokens: GitHubTokenPair,
  ): Promise<User> {
    return this.deps.db.transaction(async (tx) => {
      const linked = await queries.findAccountByGitHubId(tx, identity.id);
      let user = linked ? await queries.findUserById(tx, linked.userId) : undefined;
      user ??= await queries.findUserByEmail(tx, email);
      if (!user) {
        user = await queries.insertGitHubUser(tx, {
          email,
          name: identity.name ?? identity.login,
          avatarUrl: identity.avatarUrl,
        });
        if (user) await administerIfUnadministered(tx, user.id);
      }
      // Lost a race with a registration of the same e-mail: that account is the one to link.
      user ??= await queries.findUserByEmail(tx, email);
      if (!user) throw new Error('user vanished while linking a GitHub account');
      if (identity.avatarUrl) await queries.setAvatarIfMissing(tx, user.id, identity.avatarUrl);
      await queries.upsertAccount(tx, {
        userId: user.id,
        githubId: identity.id,
        login: identity.login,
        ...this.sealed(tokens),
      });
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        avatar: user.avatarUrl ?? identity.avatarUrl,
      };
    });
  }

  private sealed(tokens: GitHubTokenPair): queries.StoredTokens {
    const key = this.deps.encryptionKey;
    return {
      accessTokenEnc: encryptSecret(tokens.accessToken, key),
      accessTokenExpiresAt: tokens.expiresAt,
      refreshTokenEnc: tokens.refreshToken ? encryptSecret(tokens.refreshToken, key) : null,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
      scopes: tokens.scopes,
    };
  }

  private requireClient(): GitHubOAuthClient {
    if (!this.deps.client)
      throw serviceUnavailable(ErrorCodes.githubOAuthUnavailable, NOT_CONFIGURED_MESSAGE);
    return this.deps.client;
  }
}

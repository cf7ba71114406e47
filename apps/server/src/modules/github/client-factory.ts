import { Octokit } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { answerTimeout } from './answer-timeout.js';
import {
  credentialFor,
  credentialOf,
  type GitHubCredential,
  type UserGitHubToken,
} from './credentials.js';
import { useConditionalRequests } from './conditional-requests.js';
import { gitHubError } from './github-errors.js';
import type { GitHubMetrics } from './github-metrics.js';
import type { HttpCacheStore } from './http-cache-store.js';
import type { RateLimitState } from './rate-limit-state.js';
import { GitHubResponseCache } from './response-cache.js';

// answerTimeout first: it then times each try on the wire, inside throttling and retries.
const RotaOctokit = Octokit.plugin(answerTimeout, throttling, retry);
export type GitHubOctokit = InstanceType<typeof RotaOctokit>;

export interface GitHubClient {
  octokit: GitHubOctokit;
  credential: GitHubCredential;
}

export interface GitHubClientOptions {
  apiUrl: string;
  serverToken: string | undefined;
  userToken: UserGitHubToken;
  cache: HttpCacheStore;
  rateLimits: RateLimitState;
  /** Secondary rate limits are retried this many times, waiting what GitHub's retry-after says. */
  secondaryRetries?: number;
  /** Milliseconds per second of retry-after (tests shorten the wait; production keeps 1000). */
  retryAfterUnitMs?: number;
  /**
   * false turns Octokit's throttling off. Only the pull-request bench does: throttling spaces
   * GraphQL calls about a second apart (GitHub's advice for mutations), which would time Octokit's
   * waiting rather than Rota's work.
   */
  throttling?: boolean;
  /** Where every call's outcome and the rate limit left are recorded (the process's metrics). */
  metrics?: GitHubMetrics | undefined;
}

/**
 * One Octokit per credential (user token, else the server's, else anonymous), with throttling,
 * retries of server errors, 10 s for each answer (answer-timeout.ts), conditional requests and
 * rate-limit tracking. A primary rate limit is
 * never waited out (that could be an hour): the call fails at once with the reset time, or is
 * answered from the cache.
 */
export class GitHubClients {
  private readonly clients = new Map<string, GitHubOctokit>();
  /** The stored answers of every client, as the cache calls see them. */
  readonly responses: GitHubResponseCache;

  constructor(private readonly options: GitHubClientOptions) {
    this.responses = new GitHubResponseCache(options.cache, options.apiUrl);
  }

  /** The server's GITHUB_TOKEN as a credential; null when none is configured. */
  serverCredential(): GitHubCredential | null {
    return this.options.serverToken ? credentialOf('server', this.options.serverToken) : null;
  }

  async forUser(userId: string): Promise<GitHubClient> {
    const credential = await credentialFor(userId, {
      userToken: this.options.userToken,
      serverToken: this.options.serverToken,
    });
    return { credential, octokit: this.forCredential(credential) };
  }

  forCredential(credential: GitHubCredential): GitHubOctokit {
    const existing = this.clients.get(credential.key);
    if (existing) return existing;
    const octokit = this.build(credential.token);
    useConditionalRequests(octokit, {
      cache: this.options.cache,
      rateLimits: this.options.rateLimits,
      credential,
      counter: this.responses.counter,
      metrics: this.options.metrics,
    });
    this.clients.set(credential.key, octokit);
    return octokit;
  }

  /**
   * Asks GitHub who a token belongs to (`GET /user`) and which scopes it has (`x-oauth-scopes`),
   * before anyone relies on it. A client of its own, kept nowhere and caching nothing: the token
   * may be refused, and a user may try many. `rejected` when GitHub refuses the token (401);
   * any other failure is thrown as GitHub's error in Rota's terms.
   */
  async inspectToken(
    token: string,
  ): Promise<{ ok: true; login: string; scopes: string | null } | { ok: false }> {
    try {
      const response = await this.build(token).request('GET /user');
      const scopes = response.headers['x-oauth-scopes'];
      return {
        ok: true,
        login: response.data.login,
        scopes: typeof scopes === 'string' ? scopes : null,
      };
    } catch (error) {
      if ((error as { status?: unknown }).status === 401) return { ok: false };
      throw gitHubError(error);
    }
  }

  private build(token: string | null): GitHubOctokit {
    const secondaryRetries = this.options.secondaryRetries ?? 2;
    return new RotaOctokit({
      baseUrl: this.options.apiUrl,
      userAgent: 'Rota',
      ...(token ? { auth: token } : {}),
      throttle: {
        enabled: this.options.throttling !== false,
        retryAfterBaseValue: this.options.retryAfterUnitMs ?? 1000,
        onRateLimit: () => false,
        onSecondaryRateLimit: (_retryAfter, _options, _octokit, retryCount) =>
          retryCount < secondaryRetries,
      },
      // Server errors and network failures: two more tries, after 1 s and 4 s.
      retry: { retries: 2, retryAfterBaseValue: this.options.retryAfterUnitMs ?? 1000 },
      log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    });
  }
}

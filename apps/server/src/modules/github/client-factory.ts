import { Octokit } from '@octokit/core';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { answerTimeout } from './answer-timeout.js';
import { credentialFor, type GitHubCredential, type UserGitHubToken } from './credentials.js';
import { useConditionalRequests } from './conditional-requests.js';
import type { HttpCacheStore } from './http-cache-store.js';
import type { RateLimitState } from './rate-limit-state.js';

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

  constructor(private readonly options: GitHubClientOptions) {}

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
    const secondaryRetries = this.options.secondaryRetries ?? 2;
    const octokit = new RotaOctokit({
      baseUrl: this.options.apiUrl,
      userAgent: 'Rota',
      ...(credential.token ? { auth: credential.token } : {}),
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
    useConditionalRequests(octokit, {
      cache: this.options.cache,
      rateLimits: this.options.rateLimits,
      credentialKey: credential.key,
    });
    this.clients.set(credential.key, octokit);
    return octokit;
  }
}

import type { GitHubCredential } from './credentials.js';
import type { RateResourceName } from './rate-limit-state.js';

/**
 * How a call to GitHub ended: answered (`ok`), answered from the stored body after a free 304
 * (`not_modified`), refused or failed but answered with the stored body (`served_stale`), or
 * failed: GitHub's rate limit, another 4xx, a 5xx or no answer (`server_error`).
 */
export type GitHubCallOutcome =
  'ok' | 'not_modified' | 'served_stale' | 'rate_limited' | 'client_error' | 'server_error';

/** Where the GitHub client records its calls (the process's metrics; nothing when they are off). */
export interface GitHubMetrics {
  call(outcome: GitHubCallOutcome): void;
  /** What GitHub last said is left, by kind of credential: never the token or whose it is. */
  rateLimitRemaining(
    credential: GitHubCredential['kind'],
    resource: RateResourceName,
    remaining: number,
  ): void;
}

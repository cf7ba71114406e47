import type { GitHubRateBucket, GitHubRateLimit, HealthDetail, ShouldCache } from '@rota/contracts';
import type { GitHubClients, GitHubOctokit } from './client-factory.js';
import type { GitHubCredential } from './credentials.js';
import { gitHubError } from './github-errors.js';
import type { RateBucket, RateLimitState, RateResourceName } from './rate-limit-state.js';

const RESOURCES: RateResourceName[] = ['core', 'search', 'graphql'];
/** The buckets Rota's reads spend (search is not used for its data). */
const SPENT_BY_READS: RateResourceName[] = ['core', 'graphql'];

/** Under this many calls left, prefer stored data: 10% of the limit, at most 100. */
export const cacheThreshold = (limit: number) => Math.min(100, Math.ceil(limit / 10));

/** How long the server token's limits are shown before GitHub is asked again. */
export const SERVER_LIMITS_MAX_AGE_MS = 60_000;

export type ServerRateLimit = HealthDetail['github'];

const iso = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();
const asContract = (bucket: RateBucket): GitHubRateBucket => ({
  ...bucket,
  reset: iso(bucket.reset),
});

/** The current user's GitHub rate limits, and whether callers should prefer cached data now. */
export class GitHubRateLimitService {
  private serverLimits: { at: number; answer: Promise<ServerRateLimit> } | undefined;

  constructor(
    private readonly deps: {
      clients: GitHubClients;
      rateLimits: RateLimitState;
      now: () => number;
    },
  ) {}

  /** Asks GitHub (GET /rate_limit spends no limit) and keeps the answer as the known state. */
  async current(userId: string): Promise<GitHubRateLimit> {
    const { octokit, credential } = await this.deps.clients.forUser(userId);
    return this.ask(octokit, credential);
  }

  /**
   * The limits of the server's GITHUB_TOKEN, for operators: asked at most once a minute (callers
   * within the minute share the answer), a failure said as its code rather than thrown.
   */
  async forServer(): Promise<ServerRateLimit> {
    const credential = this.deps.clients.serverCredential();
    if (!credential) return { configured: false };
    const now = this.deps.now();
    if (!this.serverLimits || now - this.serverLimits.at >= SERVER_LIMITS_MAX_AGE_MS) {
      const checkedAt = new Date(now).toISOString();
      const answer = this.ask(this.deps.clients.forCredential(credential), credential).then(
        (limits): ServerRateLimit => ({
          configured: true,
          core: limits.core,
          graphql: limits.graphql,
          checkedAt,
          error: null,
        }),
        (error: unknown): ServerRateLimit => ({
          configured: true,
          core: null,
          graphql: null,
          checkedAt,
          error: gitHubError(error, now).code,
        }),
      );
      this.serverLimits = { at: now, answer };
    }
    return this.serverLimits.answer;
  }

  private async ask(
    octokit: GitHubOctokit,
    credential: GitHubCredential,
  ): Promise<GitHubRateLimit> {
    let resources: Record<string, RateBucket>;
    try {
      const { data } = await octokit.request('GET /rate_limit');
      resources = data.resources as unknown as Record<string, RateBucket>;
    } catch (error) {
      throw gitHubError(error, this.deps.now());
    }
    const buckets = {} as Record<RateResourceName, GitHubRateBucket>;
    for (const resource of RESOURCES) {
      const found = resources[resource];
      if (!found) throw gitHubError({ status: 502 });
      const bucket = {
        limit: found.limit,
        remaining: found.remaining,
        used: found.used,
        reset: found.reset,
      };
      this.deps.rateLimits.set(credential.key, resource, bucket);
      buckets[resource] = asContract(bucket);
    }
    return { credential: credential.kind, ...buckets };
  }

  /**
   * Decides from what GitHub last said for this user's credential; asks GitHub only when nothing
   * is known yet. A bucket whose reset time has passed counts as full again.
   */
  async shouldCache(userId: string): Promise<ShouldCache> {
    const { credential } = await this.deps.clients.forUser(userId);
    const nowS = this.deps.now() / 1000;
    const known = () =>
      SPENT_BY_READS.flatMap((resource) => {
        const bucket = this.deps.rateLimits.get(credential.key, resource);
        return bucket && bucket.reset > nowS ? [{ resource, bucket }] : [];
      });
    let buckets = known();
    if (buckets.length === 0) {
      try {
        await this.current(userId);
      } catch (error) {
        const revoked = gitHubError(error).statusCode === 424;
        return {
          shouldCache: true,
          reason: revoked ? 'token_revoked' : 'github_unavailable',
          credential: credential.kind,
          resource: null,
          remaining: null,
          threshold: null,
          reset: null,
        };
      }
      buckets = known();
    }
    // Anonymous callers have no graphql bucket (limit 0): judge them by what they can spend.
    const usable = buckets.filter(({ bucket }) => bucket.limit > 0);
    const lowest = usable.sort(
      (a, b) => a.bucket.remaining / a.bucket.limit - b.bucket.remaining / b.bucket.limit,
    )[0];
    if (!lowest) throw gitHubError({ status: 502 });
    const { resource, bucket } = lowest;
    const threshold = cacheThreshold(bucket.limit);
    const reason =
      bucket.remaining === 0 ? 'exhausted' : bucket.remaining < threshold ? 'low' : 'plenty';
    return {
      shouldCache: reason !== 'plenty',
      reason,
      credential: credential.kind,
      resource,
      remaining: bucket.remaining,
      threshold,
      reset: iso(bucket.reset),
    };
  }
}

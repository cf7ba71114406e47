import type { Forge, ForgePullRequests, ForgeReviewPublishing, ForgeWebhooks } from './forge.js';

/**
 * Repositories on github.com, or on the host of GITHUB_WEB_URL (GitHub Enterprise Server, a test
 * double), belong to GitHub; every API call for them goes to GITHUB_API_URL.
 */
export class GitHubForge implements Forge {
  readonly id = 'github' as const;
  private readonly hosts: ReadonlySet<string>;
  readonly webhooks?: ForgeWebhooks;
  readonly pullRequests?: ForgePullRequests;
  readonly reviewPublishing?: ForgeReviewPublishing;

  constructor(
    readonly urls: { apiUrl: string; webUrl: string },
    capabilities: {
      webhooks?: ForgeWebhooks;
      pullRequests?: ForgePullRequests;
      reviewPublishing?: ForgeReviewPublishing;
    } = {},
  ) {
    this.hosts = new Set(['github.com', 'www.github.com', new URL(urls.webUrl).host.toLowerCase()]);
    if (capabilities.webhooks) this.webhooks = capabilities.webhooks;
    if (capabilities.pullRequests) this.pullRequests = capabilities.pullRequests;
    if (capabilities.reviewPublishing) this.reviewPublishing = capabilities.reviewPublishing;
  }

  ownsHost(host: string): boolean {
    return this.hosts.has(host.toLowerCase());
  }
}

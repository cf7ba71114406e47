import type { GitHubConfig } from '../../config.js';
import type { GitHubClients } from '../github/index.js';
import { GitHubForge } from './github-forge.js';
import { GitHubPullRequests } from './github-pull-requests.js';
import { GitHubReviewPublishing } from './github-review-publishing.js';
import { GitHubWebhooks } from './github-webhooks.js';
import { ForgeRegistry } from './registry.js';

/**
 * The forges this server knows, from its configuration. With GitHub clients (the API process)
 * the forges can act on the user's behalf (install webhooks, read pull requests); without them
 * they only recognise their hosts.
 */
export function defaultForges(
  github: Pick<GitHubConfig, 'apiUrl' | 'webUrl'>,
  clients?: GitHubClients,
) {
  return new ForgeRegistry([
    new GitHubForge(
      { apiUrl: github.apiUrl, webUrl: github.webUrl },
      clients
        ? {
            webhooks: new GitHubWebhooks(clients),
            pullRequests: new GitHubPullRequests(clients),
            reviewPublishing: new GitHubReviewPublishing(clients),
          }
        : {},
    ),
  ]);
}

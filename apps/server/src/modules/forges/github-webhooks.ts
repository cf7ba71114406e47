import { ErrorCodes } from '@rota/contracts';
import { AppError } from '../../lib/errors.js';
import type { GitHubClients } from '../github/index.js';
import { gitHubError } from '../github/index.js';
import type { ForgeWebhooks, WebhookTarget } from './forge.js';

/** The events Rota acts on: pull requests and their reviews (sync, reviews), pushes (mirrors). */
export const GITHUB_WEBHOOK_EVENTS = ['pull_request', 'pull_request_review', 'push'] as const;

interface GitHubFailure {
  status?: number;
  response?: { data?: { message?: unknown; errors?: Array<{ message?: unknown }> } };
}

/**
 * Repository webhooks through the user's own GitHub client (`GitHubClients.forUser`): only an
 * admin of the repository may add one, and GitHub answers 404 (or 403) to anyone else, so those
 * two become "admin rights needed" for that repository rather than "not found".
 */
export class GitHubWebhooks implements ForgeWebhooks {
  constructor(private readonly clients: GitHubClients) {}

  async install(target: WebhookTarget, hook: { url: string; secret: string }) {
    const octokit = await this.octokitFor(target.userId);
    try {
      const response = await octokit.request('POST /repos/{owner}/{repo}/hooks', {
        owner: target.owner,
        repo: target.repo,
        name: 'web',
        active: true,
        events: [...GITHUB_WEBHOOK_EVENTS],
        config: { url: hook.url, content_type: 'json', secret: hook.secret, insecure_ssl: '0' },
      });
      return { hookId: String(response.data.id) };
    } catch (error) {
      throw refusal(error, target, 'add');
    }
  }

  async remove(target: WebhookTarget, hookId: string) {
    const octokit = await this.octokitFor(target.userId);
    try {
      await octokit.request('DELETE /repos/{owner}/{repo}/hooks/{hook_id}', {
        owner: target.owner,
        repo: target.repo,
        hook_id: Number(hookId),
      });
    } catch (error) {
      // Gone already (deleted on GitHub, or the repository with it): what we wanted.
      if ((error as GitHubFailure).status === 404) return;
      throw refusal(error, target, 'remove');
    }
  }

  private async octokitFor(userId: string) {
    const { octokit, credential } = await this.clients.forUser(userId);
    if (credential.kind === 'anonymous') {
      throw new AppError(
        ErrorCodes.githubNotConnected,
        'No GitHub token: connect GitHub in Settings to install webhooks.',
      );
    }
    return octokit;
  }
}

function refusal(caught: unknown, target: WebhookTarget, verb: 'add' | 'remove'): AppError {
  const error = (caught ?? {}) as GitHubFailure;
  const name = `${target.owner}/${target.repo}`;
  const mapped = gitHubError(caught);
  // Rate limits and revoked tokens keep their own code and advice.
  if (mapped.code === ErrorCodes.githubRateLimited || mapped.code === ErrorCodes.githubTokenRevoked)
    return mapped;
  if (error.status === 403 || error.status === 404) {
    return new AppError(
      ErrorCodes.webhookAdminRequired,
      `GitHub did not let you ${verb} a webhook on ${name}: that needs admin rights on the repository.`,
    );
  }
  if (error.status === 422) {
    const detail = error.response?.data?.errors?.[0]?.message ?? error.response?.data?.message;
    return new AppError(
      ErrorCodes.webhookRejected,
      `GitHub refused the webhook on ${name}${typeof detail === 'string' ? `: ${detail}` : '.'}`,
    );
  }
  return mapped;
}

import {
  ErrorCodes,
  type WebhookChange,
  type WebhookRepoResult,
  type WebhookRepoStatus,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { encryptSecret, randomToken } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import type { ForgeRegistry } from '../forges/index.js';
import {
  repositoriesOf,
  requireOwnedProject,
  type ProjectRepoRow,
} from '../project-access/index.js';
import * as queries from './queries.js';
import { unreachableByForges } from './public-url.js';

/** Where the receiver listens, and where GitHub delivers under PUBLIC_URL unless WEBHOOK_URL says. */
export const GITHUB_WEBHOOK_PATH = '/webhook/github';

export interface WebhookInstallDeps {
  db: Database;
  forges: ForgeRegistry;
  publicUrl: string;
  /** WEBHOOK_URL: where GitHub delivers when a relay or proxy elsewhere forwards to Rota. */
  webhookUrl?: string | undefined;
  encryptionKey: Buffer;
}

type RepoRow = ProjectRepoRow;

/**
 * `POST`/`DELETE /api/projects/{id}/webhook`: adds or removes a hook on each forge repository of
 * the caller's project. Repositories are handled one by one and each reports its own outcome: a
 * repository whose forge refuses (no admin rights) fails alone while the others proceed.
 */
export class WebhookInstallService {
  constructor(private readonly deps: WebhookInstallDeps) {}

  /** The URL the hook is created with, and the one GitHub must be able to reach. */
  get hookUrl(): string {
    return this.deps.webhookUrl ?? `${this.deps.publicUrl}${GITHUB_WEBHOOK_PATH}`;
  }

  async install(userId: string, projectId: string): Promise<WebhookChange> {
    const project = await requireOwnedProject(this.deps.db, userId, projectId);
    // Before any forge call: a hook GitHub can never deliver to is worse than none.
    if (unreachableByForges(this.hookUrl)) {
      throw new AppError(
        ErrorCodes.webhookUrlUnreachable,
        `GitHub cannot reach ${this.hookUrl}; the scheduled sync keeps data fresh instead.`,
      );
    }
    const repos = await repositoriesOf(this.deps.db, project.id);
    const results: WebhookRepoResult[] = [];
    for (const row of repos) results.push(await this.installOne(userId, row));
    return { projectId: project.id, url: this.hookUrl, repositories: results };
  }

  async remove(userId: string, projectId: string): Promise<WebhookChange> {
    const project = await requireOwnedProject(this.deps.db, userId, projectId);
    const repos = await repositoriesOf(this.deps.db, project.id);
    const results: WebhookRepoResult[] = [];
    for (const row of repos) results.push(await this.removeOne(userId, row));
    return { projectId: project.id, url: this.hookUrl, repositories: results };
  }

  private async installOne(userId: string, row: RepoRow): Promise<WebhookRepoResult> {
    if (row.webhookInstalled && row.webhookId) return result(row, 'already_installed', true);
    const webhooks = this.deps.forges.forRepositoryUrl(row.url)?.webhooks;
    if (!webhooks) return skipped(row);
    const secret = randomToken(32);
    try {
      const { hookId } = await webhooks.install(
        { userId, owner: row.owner, repo: row.repo },
        { url: this.hookUrl, secret },
      );
      await queries.recordInstalled(this.deps.db, row.id, {
        hookId,
        secretEnc: encryptSecret(secret, this.deps.encryptionKey),
      });
      return result(row, 'installed', true);
    } catch (error) {
      return failed(row, error, false);
    }
  }

  private async removeOne(userId: string, row: RepoRow): Promise<WebhookRepoResult> {
    if (!row.webhookId) return result(row, 'not_installed', false);
    const webhooks = this.deps.forges.forRepositoryUrl(row.url)?.webhooks;
    if (!webhooks) return skipped(row);
    try {
      await webhooks.remove({ userId, owner: row.owner, repo: row.repo }, row.webhookId);
      await queries.recordRemoved(this.deps.db, row.id, row.webhookId);
      return result(row, 'removed', false);
    } catch (error) {
      return failed(row, error, row.webhookInstalled);
    }
  }
}

function result(
  row: RepoRow,
  status: WebhookRepoStatus,
  webhookInstalled: boolean,
  why: { code: string; message: string } | null = null,
): WebhookRepoResult {
  return {
    repoId: row.id,
    owner: row.owner,
    repo: row.repo,
    status,
    webhookInstalled,
    code: why?.code ?? null,
    message: why?.message ?? null,
  };
}

function skipped(row: RepoRow): WebhookRepoResult {
  return result(row, 'skipped', false, {
    code: ErrorCodes.webhookNotSupported,
    message: `${row.url} is not on a forge Rota can install webhooks on; the scheduled sync keeps it current.`,
  });
}

/** A forge refusal is this repository's outcome; anything else (database down) is the request's. */
function failed(row: RepoRow, error: unknown, webhookInstalled: boolean): WebhookRepoResult {
  if (!(error instanceof AppError)) throw error;
  return result(row, 'failed', webhookInstalled, { code: error.code, message: error.message });
}

import type { Database } from '../../db/client.js';
import { decryptSecret } from '../../lib/crypto.js';
import type { ForgeRegistry } from '../forges/index.js';
import * as queries from './queries.js';

/**
 * The secrets of every project's hook on owner/repo at `host` (a repository in several projects has
 * one hook, and secret, per project); null when no project has that repository on the GitHub forge.
 * Read from the database each time, never cached: on PostgreSQL another process may have just
 * installed or removed a hook.
 */
export async function hookSecrets(
  deps: { db: Database; forges: ForgeRegistry; encryptionKey: Buffer },
  repository: { owner: string; repo: string; host: string },
): Promise<string[] | null> {
  const github = deps.forges.forRepositoryUrl(`https://${repository.host}/`);
  if (github?.id !== 'github') return null;
  const rows = (await queries.findReposByName(deps.db, repository.owner, repository.repo)).filter(
    (row) => deps.forges.isOnGitHubHost(row.url, repository.host),
  );
  if (rows.length === 0) return null;
  const secrets: string[] = [];
  for (const row of rows) {
    if (!row.webhookSecretEnc) continue;
    try {
      secrets.push(decryptSecret(row.webhookSecretEnc, deps.encryptionKey));
    } catch {
      // A secret sealed with another ENCRYPTION_KEY cannot vouch for anything: skip it.
    }
  }
  return secrets;
}

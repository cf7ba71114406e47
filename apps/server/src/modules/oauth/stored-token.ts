import type { Database } from '../../db/client.js';
import { decryptSecret } from '../../lib/crypto.js';
import { findAccountByUserId } from './queries.js';

/**
 * The token GitHub sign-in stored for a user, decrypted, or null when they never signed in with
 * GitHub: what the GitHub clients of every process (API and workers) use as a user's own
 * credential. GitHub itself says whether it still holds: a revoked one is answered 401 there,
 * which the GitHub client reports as GITHUB_TOKEN_REVOKED.
 */
export function storedGitHubToken(
  db: Database,
  encryptionKey: Buffer,
): (userId: string) => Promise<string | null> {
  return async (userId) => {
    const account = await findAccountByUserId(db, userId);
    return account ? decryptSecret(account.accessTokenEnc, encryptionKey) : null;
  };
}

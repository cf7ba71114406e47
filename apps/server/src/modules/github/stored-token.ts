import type { Database } from '../../db/client.js';
import { decryptSecret } from '../../lib/crypto.js';
import { findAccountByUserId } from '../oauth/queries.js';
import type { UserGitHubToken } from './credentials.js';

/**
 * The token GitHub sign-in stored for a user, decrypted. The same reading the API does, for the
 * processes that only run jobs (they have no OAuth service).
 */
export function storedGitHubToken(db: Database, encryptionKey: Buffer): UserGitHubToken {
  return async (userId) => {
    const account = await findAccountByUserId(db, userId);
    return account ? decryptSecret(account.accessTokenEnc, encryptionKey) : null;
  };
}

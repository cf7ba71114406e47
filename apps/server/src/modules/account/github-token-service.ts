import {
  ValidationMessages,
  missingGitHubScopes,
  parseGitHubScopes,
  type GitHubTokenInUse,
  type GitHubTokenStatus,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { validationError } from '../../lib/errors.js';
import type { GitHubClients } from '../github/index.js';
import * as queries from './queries.js';

export interface GitHubTokenServiceDeps {
  db: Database;
  clients: GitHubClients;
  encryptionKey: Buffer;
  /** The server has a GITHUB_TOKEN: what a user without a token of their own is served with. */
  serverToken: boolean;
  now?: () => number;
}

/**
 * A personal access token the user connects in their settings. It is checked with GitHub
 * (`GET /user`) before it is kept, stored encrypted and never sent back; while connected it is the
 * user's credential for every GitHub call, before their sign-in token (`personalGitHubToken`).
 */
export class GitHubTokenService {
  private readonly now: () => number;

  constructor(private readonly deps: GitHubTokenServiceDeps) {
    this.now = deps.now ?? Date.now;
  }

  async status(userId: string): Promise<GitHubTokenStatus> {
    const [personal, signInLogin] = await Promise.all([
      queries.findPersonalToken(this.deps.db, userId),
      queries.findSignInLogin(this.deps.db, userId),
    ]);
    const scopes = personal ? parseGitHubScopes(personal.scopes) : null;
    const inUse: GitHubTokenInUse = personal
      ? 'personal'
      : signInLogin !== undefined
        ? 'sign-in'
        : this.deps.serverToken
          ? 'server'
          : 'none';
    return {
      personal: personal
        ? {
            login: personal.login,
            scopes,
            missingScopes: scopes ? missingGitHubScopes(scopes) : [],
            checkedAt: personal.checkedAt.toISOString(),
          }
        : null,
      signIn: signInLogin !== undefined ? { login: signInLogin } : null,
      inUse,
    };
  }

  /** Checks the token with GitHub and keeps it in place of any earlier one; 400 when refused. */
  async connect(userId: string, token: string): Promise<GitHubTokenStatus> {
    const checked = await this.deps.clients.inspectToken(token);
    if (!checked.ok)
      throw validationError([{ path: 'token', message: ValidationMessages.githubTokenRejected }]);
    await queries.savePersonalToken(this.deps.db, {
      userId,
      tokenEnc: encryptSecret(token, this.deps.encryptionKey),
      login: checked.login,
      scopes: checked.scopes,
      checkedAt: new Date(this.now()),
    });
    return this.status(userId);
  }

  /** Forgets the token (GitHub still holds it: revoking it there is the user's). */
  async disconnect(userId: string): Promise<GitHubTokenStatus> {
    await queries.deletePersonalToken(this.deps.db, userId);
    return this.status(userId);
  }
}

/**
 * The personal token a user connected, decrypted, or null: the composition root puts it before
 * the sign-in token in the one function every GitHub client reads a user's credential through.
 */
export function personalGitHubToken(
  db: Database,
  encryptionKey: Buffer,
): (userId: string) => Promise<string | null> {
  return async (userId) => {
    const row = await queries.findPersonalToken(db, userId);
    return row ? decryptSecret(row.tokenEnc, encryptionKey) : null;
  };
}

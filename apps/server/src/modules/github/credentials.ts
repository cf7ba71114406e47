import { createHash } from 'node:crypto';

/**
 * Which token a GitHub call for a user is made with: the user's own (OAuth, or a personal token
 * saved in settings), else the server's GITHUB_TOKEN, else none (anonymous, public data only).
 */
export interface GitHubCredential {
  kind: 'user' | 'server' | 'anonymous';
  token: string | null;
  /** Names the credential in caches and rate-limit state without revealing it. */
  key: string;
}

/** Reads a user's stored GitHub token (decrypted), or null when they have none. */
export type UserGitHubToken = (userId: string) => Promise<string | null>;

export function credentialOf(
  kind: GitHubCredential['kind'],
  token: string | null,
): GitHubCredential {
  const key = token ? createHash('sha256').update(token).digest('hex').slice(0, 32) : 'anonymous';
  return { kind, token, key };
}

export async function credentialFor(
  userId: string,
  sources: { userToken: UserGitHubToken; serverToken: string | undefined },
): Promise<GitHubCredential> {
  const own = await sources.userToken(userId);
  if (own) return credentialOf('user', own);
  if (sources.serverToken) return credentialOf('server', sources.serverToken);
  return credentialOf('anonymous', null);
}

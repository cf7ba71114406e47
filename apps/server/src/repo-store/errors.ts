/** Why a repository could not be mirrored, in words a user can act on (shown on the job). */
export type RepoStoreErrorCode =
  | 'REPO_NOT_FOUND'
  | 'REPO_AUTH_REQUIRED'
  | 'REPO_TOO_LARGE'
  | 'REPO_TIMEOUT'
  | 'REPO_HOST_NOT_ALLOWED'
  | 'REPO_URL_NOT_ALLOWED'
  | 'REPO_HOST_UNRESOLVED'
  | 'REPO_REDIRECT_NOT_ALLOWED'
  | 'REPO_FETCH_FAILED';

export const REPO_STORE_MESSAGES: Record<RepoStoreErrorCode, string> = {
  REPO_NOT_FOUND: 'Repository not found (check the URL, or whether it is private)',
  REPO_AUTH_REQUIRED:
    'The repository requires authentication; connect GitHub or use a public repository',
  REPO_TOO_LARGE: 'The repository is larger than this server allows (MAX_REPO_SIZE_MB)',
  REPO_TIMEOUT: 'Cloning the repository took too long (CLONE_TIMEOUT_S)',
  REPO_HOST_NOT_ALLOWED:
    'The repository host resolves to a private or local address, which is not allowed',
  REPO_URL_NOT_ALLOWED: 'This kind of repository URL is not allowed on this server',
  REPO_HOST_UNRESOLVED:
    'The repository host name could not be resolved; check the URL, or try again later if DNS is down',
  REPO_REDIRECT_NOT_ALLOWED:
    'The repository URL redirects to another host; enter the address it moved to instead',
  REPO_FETCH_FAILED: 'The repository could not be fetched',
};

export class RepoStoreError extends Error {
  constructor(
    readonly code: RepoStoreErrorCode,
    readonly detail?: string,
  ) {
    super(REPO_STORE_MESSAGES[code]);
    this.name = 'RepoStoreError';
  }
}

/** Reads git's stderr for the failure users can do something about. */
export function classifyGitFailure(stderr: string): RepoStoreErrorCode {
  const text = stderr.toLowerCase();
  if (
    /authentication failed|could not read username|terminal prompts disabled|invalid username or password|403/.test(
      text,
    )
  ) {
    return 'REPO_AUTH_REQUIRED';
  }
  if (
    /repository not found|not found|does not appear to be a git repository|does not exist|404/.test(
      text,
    )
  ) {
    return 'REPO_NOT_FOUND';
  }
  return 'REPO_FETCH_FAILED';
}

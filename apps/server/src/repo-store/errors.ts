import { isTemporaryFailure, type RepoFetchErrorCode } from '@rota/contracts';

/**
 * Why a repository could not be mirrored, in words a user can act on (shown on the job): contracts'
 * RepoFetchErrorCodes, which the web words.
 */
export type RepoStoreErrorCode = RepoFetchErrorCode;

export const REPO_STORE_MESSAGES: Record<RepoStoreErrorCode, string> = {
  REPO_NOT_FOUND:
    'Repository not found: check the URL, or whether the repository is private or was removed',
  REPO_AUTH_REQUIRED:
    'The repository requires authentication (it is private, or does not exist); connect GitHub or use a public repository',
  REPO_TOO_LARGE:
    'The repository is larger than this server allows (MAX_REPO_SIZE_MB); ask the administrator to raise the limit',
  REPO_TIMEOUT: 'Fetching the repository took too long (CLONE_TIMEOUT_S); try again later',
  REPO_OBJECTS_REJECTED:
    'The repository contains objects this server refuses for safety (a failed git fsck check); it cannot be analysed here',
  REPO_OBJECT_MISSING:
    'The remote repository is missing objects its own history needs; it must be repaired on its host',
  REPO_HOST_NOT_ALLOWED:
    'The repository host resolves to a private or local address, which is not allowed',
  REPO_URL_NOT_ALLOWED: 'This kind of repository URL is not allowed on this server',
  REPO_HOST_UNRESOLVED:
    'The repository host name could not be resolved; check the URL, or try again later if DNS is down',
  REPO_REDIRECT_NOT_ALLOWED:
    'The repository URL redirects to another host; enter the address it moved to instead',
  REPO_NETWORK_UNREACHABLE:
    'The repository host could not be reached (name not resolved or connection failed); try again later',
  REPO_TLS_FAILED:
    "The repository host's HTTPS certificate could not be verified; check the URL, or ask the host's administrator",
  REPO_FETCH_FAILED: 'Fetching the repository failed; try again later',
};

/**
 * Failures a retry cannot fix: the repository or this server's rules have to change first. The
 * others (time limits, network, TLS, unrecognised) may pass, so their jobs are retried. Which is
 * which is contracts' (isTemporaryFailure): the web offers "try again" by the same rule.
 */
export function isPermanentFailure(code: RepoStoreErrorCode): boolean {
  return !isTemporaryFailure(code);
}

export class RepoStoreError extends Error {
  /**
   * @param detail what is logged and kept (git's redacted stderr, a host), not shown as the message
   * @param reason a short fact shown after the message (the fsck check, git's first error line)
   */
  constructor(
    readonly code: RepoStoreErrorCode,
    readonly detail?: string,
    readonly reason?: string,
  ) {
    super(reason ? `${REPO_STORE_MESSAGES[code]} (${reason})` : REPO_STORE_MESSAGES[code]);
    this.name = 'RepoStoreError';
  }
}

export interface GitFailure {
  code: RepoStoreErrorCode;
  /** The fsck check that refused an object, or git's first error line when nothing matched. */
  reason?: string;
}

/**
 * Rules on git's (and curl's) message texts, in order; the first that matches names the cause.
 * Never on bare digits: a 40-hex object id such as 0b404df8… contains "404" and is no HTTP status,
 * so status codes are only read inside git's own "returned error: NNN" sentence.
 */
const RULES: Array<[RepoStoreErrorCode, RegExp]> = [
  // index-pack/unpack-objects with transfer.fsckObjects: "error: object <id>: <msgId>: …" then
  // "fatal: fsck error in packed object"; before every other rule, since the id is arbitrary hex.
  ['REPO_OBJECTS_REJECTED', /fsck error in pack|^error: object [0-9a-f]+: [a-z]+: /m],
  [
    'REPO_TLS_FAILED',
    /ssl certificate problem|server certificate verification failed|certificate verify failed|gnutls_handshake\(\) failed|ssl_connect|openssl ssl_|ssl routines|tls connect error/,
  ],
  [
    'REPO_AUTH_REQUIRED',
    /could not read (?:username|password)|terminal prompts disabled|authentication failed for|invalid username or password|returned error: 40[13]\b|permission to \S+ denied/,
  ],
  [
    'REPO_NOT_FOUND',
    /repository not found|repository '[^']*' not found|does not appear to be a git repository|returned error: 404\b/,
  ],
  ['REPO_URL_NOT_ALLOWED', /transport '[^']*' not allowed/],
  // The remote's own objects are incomplete ("remote: fatal: unable to read <id>", "did not send
  // all necessary objects"): a permanent fault of the remote, not of the connection.
  [
    'REPO_OBJECT_MISSING',
    /unable to read [0-9a-f]{7,}|corruption on the remote side|did not send all necessary objects|missing (?:blob|tree|commit) object/,
  ],
  [
    'REPO_NETWORK_UNREACHABLE',
    /could not resolve (?:host|proxy)|failed to connect to|couldn't connect to server|connection refused|network is unreachable|no route to host|connection timed out|connection reset|operation timed out|empty reply from server|rpc failed; curl \d+/,
  ],
];

/** Reads git's stderr for the failure users can do something about. */
export function classifyGitFailure(stderr: string): GitFailure {
  const text = stderr.toLowerCase();
  for (const [code, pattern] of RULES) {
    if (!pattern.test(text)) continue;
    if (code === 'REPO_OBJECTS_REJECTED') {
      // Keep git's own spelling of the check (zeroPaddedFilemode, hasDotgit, gitmodulesUrl, …).
      const check = /^error: object ([0-9a-f]+): ([A-Za-z]+): (.*)$/m.exec(stderr);
      return check ? { code, reason: `${check[2]}: ${check[3]} in object ${check[1]}` } : { code };
    }
    return { code };
  }
  const reason = firstErrorLine(stderr);
  return reason ? { code: 'REPO_FETCH_FAILED', reason } : { code: 'REPO_FETCH_FAILED' };
}

/**
 * git's first "fatal:"/"error:" line, also when the remote side said it ("remote: fatal: …"), else
 * its first line: the fact behind an unknown failure.
 */
export function firstErrorLine(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const line = lines.find((entry) => /^(?:remote: )?(?:fatal|error):/i.test(entry)) ?? lines[0];
  return line?.slice(0, 300);
}

const CODES = new Set(Object.keys(REPO_STORE_MESSAGES));

/** How a failure is kept in `repo_mirrors.last_error`: the code, then the reason shown with it. */
export function toFailureRecord(error: RepoStoreError): string {
  return error.reason ? `${error.code} ${error.reason}` : error.code;
}

/** The failure a `last_error` describes, as it was thrown (null for text this file did not write). */
export function fromFailureRecord(record: string): RepoStoreError | null {
  const space = record.indexOf(' ');
  const code = space === -1 ? record : record.slice(0, space);
  if (!CODES.has(code)) return null;
  const reason = space === -1 ? undefined : record.slice(space + 1);
  return new RepoStoreError(code as RepoStoreErrorCode, undefined, reason);
}

import { describe, expect, it } from 'vitest';
import {
  classifyGitFailure,
  firstErrorLine,
  fromFailureRecord,
  isPermanentFailure,
  RepoStoreError,
  toFailureRecord,
  type RepoStoreErrorCode,
} from './errors.js';

/**
 * git 2.39.5's real stderr, each produced on this machine with `git fetch` (the way the store
 * fetches) against: the mirror of pallets/flask and psf/requests with transfer.fsckObjects (objects
 * rejected); a local HTTP server answering 401/403/404/500 with GitHub's text/plain bodies
 * ("remote: …" is git's show_http_message, "repository '…' not found" and "Authentication failed
 * for '…'" are remote-curl.c's die() texts); a local HTTPS server with a self-signed certificate
 * (git linked with GnuTLS); a closed local port; a name under .invalid; a path that does not exist.
 */
const CASES: Array<[string, string, RepoStoreErrorCode, string?]> = [
  [
    'flask: an object id containing "404" is no HTTP status',
    'error: object 0b404df8c030cdeaca7b373956c3a697efd32f78: zeroPaddedFilemode: contains zero-padded file modes\nfatal: fsck error in packed object\nfatal: fetch-pack: invalid index-pack output\n',
    'REPO_OBJECTS_REJECTED',
    'zeroPaddedFilemode: contains zero-padded file modes in object 0b404df8c030cdeaca7b373956c3a697efd32f78',
  ],
  [
    'requests: a bad time zone',
    'error: object 5e6ecdad9f69b1ff789a17733b8edc6fd7091bd8: badTimezone: invalid author/committer line - bad time zone\nfatal: fsck error in packed object\nfatal: fetch-pack: invalid index-pack output\n',
    'REPO_OBJECTS_REJECTED',
    'badTimezone: invalid author/committer line - bad time zone in object 5e6ecdad9f69b1ff789a17733b8edc6fd7091bd8',
  ],
  [
    'a refused .git path in a tree (built with git mktree)',
    "error: object 8238da6ce51bde0326933896e9bfe70bcc681f33: hasDotgit: contains '.git'\nfatal: fsck error in packed object\nfatal: index-pack failed\n",
    'REPO_OBJECTS_REJECTED',
    "hasDotgit: contains '.git' in object 8238da6ce51bde0326933896e9bfe70bcc681f33",
  ],
  [
    'GitHub with a token: the repository is not visible',
    "remote: Repository not found.\nfatal: repository 'https://github.com/acme/gone.git/' not found\n",
    'REPO_NOT_FOUND',
  ],
  [
    'HTTP 404 from another host',
    "fatal: repository 'http://127.0.0.1:18081/404/o/r.git/' not found\n",
    'REPO_NOT_FOUND',
  ],
  [
    'a local path that is not a repository',
    "fatal: '/nonexistent/repo.git' does not appear to be a git repository\nfatal: Could not read from remote repository.\n\nPlease make sure you have the correct access rights\nand the repository exists.\n",
    'REPO_NOT_FOUND',
  ],
  [
    'GitHub without credentials: private or missing (401)',
    "fatal: could not read Username for 'https://github.com': terminal prompts disabled\n",
    'REPO_AUTH_REQUIRED',
  ],
  [
    'credentials refused',
    "fatal: Authentication failed for 'http://127.0.0.1:18081/401/o/r.git/'\n",
    'REPO_AUTH_REQUIRED',
  ],
  [
    'HTTP 403 with GitHub-style body',
    "remote: Permission to o/r.git denied to someone.\nfatal: unable to access 'http://127.0.0.1:18081/403/o/r.git/': The requested URL returned error: 403\n",
    'REPO_AUTH_REQUIRED',
  ],
  [
    'self-signed certificate (GnuTLS build)',
    "fatal: unable to access 'https://localhost:18443/404/x.git/': server certificate verification failed. CAfile: /etc/ssl/certs/ca-certificates.crt CRLfile: none\n",
    'REPO_TLS_FAILED',
  ],
  [
    'self-signed certificate (OpenSSL build, curl wording)',
    "fatal: unable to access 'https://localhost:18443/x.git/': SSL certificate problem: self-signed certificate\n",
    'REPO_TLS_FAILED',
  ],
  [
    'a closed port',
    "fatal: unable to access 'https://127.0.0.1:1/x.git/': Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn't connect to server\n",
    'REPO_NETWORK_UNREACHABLE',
  ],
  [
    'a name that does not resolve',
    "fatal: unable to access 'https://nonexistent.invalid/x.git/': Could not resolve host: nonexistent.invalid\n",
    'REPO_NETWORK_UNREACHABLE',
  ],
  [
    'a protocol this server refuses',
    "fatal: transport 'http' not allowed\n",
    'REPO_URL_NOT_ALLOWED',
  ],
  [
    // rails' local mirror is a partial clone: its upload-pack cannot send the blobs it lacks.
    'the remote side is missing objects (an "early EOF" is no network failure; fetching again fails again)',
    'remote: fatal: unable to read 0a11b22896aca19b3536c5866ff3fa33b75373ec        \nerror: git upload-pack: git-pack-objects died with error.\nfatal: git upload-pack: aborting due to possible repository corruption on the remote side.\nremote: aborting due to possible repository corruption on the remote side.\nfatal: early EOF\nfatal: fetch-pack: invalid index-pack output\n',
    'REPO_OBJECT_MISSING',
  ],
  [
    'a server error is no "not found"',
    "fatal: unable to access 'http://127.0.0.1:18081/500/x.git/': The requested URL returned error: 500\n",
    'REPO_FETCH_FAILED',
    "fatal: unable to access 'http://127.0.0.1:18081/500/x.git/': The requested URL returned error: 500",
  ],
  [
    'a 413 (the number alone names nothing)',
    "fatal: unable to access 'http://127.0.0.1:18081/413/x.git/': The requested URL returned error: 413\n",
    'REPO_FETCH_FAILED',
    "fatal: unable to access 'http://127.0.0.1:18081/413/x.git/': The requested URL returned error: 413",
  ],
];

describe('classifyGitFailure', () => {
  it.each(CASES)('%s', (_name, stderr, code, reason) => {
    const failure = classifyGitFailure(stderr);
    expect(failure.code).toBe(code);
    if (reason !== undefined) expect(failure.reason).toBe(reason);
  });

  it('never reads digits inside object ids or paths as a status', () => {
    for (const digits of ['404', '401', '403']) {
      const stderr = `fatal: bad object ${digits}aa${'0'.repeat(35)}\nerror: https://example.com/team/${digits}.git did not send all necessary objects\n`;
      // Not a 404/401/403: the remote lacks an object it advertised, which no retry mends.
      expect(classifyGitFailure(stderr).code).toBe('REPO_OBJECT_MISSING');
    }
  });

  it('names git\'s first error line for an unrecognised failure, skipping "remote:" chatter', () => {
    expect(firstErrorLine('remote: Counting objects\nerror: something odd\nfatal: later\n')).toBe(
      'error: something odd',
    );
    expect(new RepoStoreError('REPO_FETCH_FAILED', 'raw', 'error: odd').message).toBe(
      'Fetching the repository failed; try again later (error: odd)',
    );
  });
});

describe('failure records', () => {
  it('keeps the code and the reason through repo_mirrors.last_error', () => {
    const error = new RepoStoreError('REPO_OBJECTS_REJECTED', 'stderr', 'hasDotgit: contains .git');
    const back = fromFailureRecord(toFailureRecord(error));
    expect(back).toMatchObject({
      code: 'REPO_OBJECTS_REJECTED',
      reason: 'hasDotgit: contains .git',
    });
    expect(back?.message).toBe(error.message);
    expect(fromFailureRecord('REPO_NOT_FOUND')).toMatchObject({ code: 'REPO_NOT_FOUND' });
    expect(fromFailureRecord('something else')).toBeNull();
  });

  it('calls only failures a retry cannot fix permanent', () => {
    expect(isPermanentFailure('REPO_OBJECTS_REJECTED')).toBe(true);
    expect(isPermanentFailure('REPO_NOT_FOUND')).toBe(true);
    expect(isPermanentFailure('REPO_OBJECT_MISSING')).toBe(true);
    expect(isPermanentFailure('REPO_TOO_LARGE')).toBe(true);
    expect(isPermanentFailure('REPO_HOST_NOT_ALLOWED')).toBe(true);
    expect(isPermanentFailure('REPO_NETWORK_UNREACHABLE')).toBe(false);
    expect(isPermanentFailure('REPO_TIMEOUT')).toBe(false);
    expect(isPermanentFailure('REPO_FETCH_FAILED')).toBe(false);
  });
});

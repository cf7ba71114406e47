/**
 * Parses what a user pastes as a repository address into a provider, owner, repo and one canonical
 * URL. It accepts https URLs (GitHub, GitLab with subgroups, Bitbucket, any other https git host),
 * ssh:// and scp-style (git@host:owner/repo.git) addresses, and, only when allowed, local paths and
 * file:// URLs. Anything else — other schemes, credentials in the URL, option-looking values that
 * git would read as flags — is refused. It decides syntax only; whether a host may be reached is the
 * repository store's decision.
 */
export type RepositoryProvider = 'github' | 'gitlab' | 'bitbucket' | 'git' | 'local';

/** What the API document says of a field parseRepositoryUrl checks (no standard format fits scp-style). */
export const REPOSITORY_ADDRESS_DESCRIPTION =
  'A repository address, checked by its own rules rather than as a URI: ' +
  'https://host/owner/repo (…/tree/<branch> names a branch), ssh://[user@]host/owner/repo or ' +
  'user@host:owner/repo; a local path or file:// URL only where the server allows local ' +
  'repositories. No credentials, no other schemes.';

export interface ParsedRepository {
  provider: RepositoryProvider;
  /** Host name in lower case (with a port if one was given); null for local repositories. */
  host: string | null;
  /** Owner, organisation or group path (GitLab subgroups joined with '/'). */
  owner: string;
  repo: string;
  /** The address stored and cloned: https and ssh as given but tidied, local as an absolute path. */
  url: string;
  /** Case-insensitive where the host is: two inputs naming the same repository share this key. */
  key: string;
  /** A branch named in a browser URL (…/tree/<branch>), used when none is given. */
  branchHint: string | null;
}

export type RepositoryUrlResult =
  { ok: true; value: ParsedRepository } | { ok: false; reason: RepositoryUrlProblem };

export type RepositoryUrlProblem =
  | 'empty'
  | 'too_long'
  | 'option_like'
  | 'credentials'
  | 'scheme'
  | 'host'
  | 'path'
  | 'local_not_allowed';

const KNOWN_HOSTS: Record<string, RepositoryProvider> = {
  'github.com': 'github',
  'www.github.com': 'github',
  'gitlab.com': 'gitlab',
  'bitbucket.org': 'bitbucket',
};

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;
const SEGMENT = /^[A-Za-z0-9._~-][A-Za-z0-9._~%+-]*$/;
const SCP_LIKE = /^(?:([A-Za-z0-9._-]+)@)?([A-Za-z0-9.-]+):(?!\/\/)(.+)$/;

const fail = (reason: RepositoryUrlProblem): RepositoryUrlResult => ({ ok: false, reason });

function validHost(host: string): boolean {
  if (IPV4.test(host)) return host.split('.').every((octet) => Number(octet) <= 255);
  return HOSTNAME.test(host) && host.includes('.') ? true : host === 'localhost';
}

function stripGit(name: string): string {
  return name.toLowerCase().endsWith('.git') ? name.slice(0, -4) : name;
}

/** Splits a repository path into owner and repo, honouring each provider's browser-URL suffixes. */
function splitPath(
  provider: RepositoryProvider,
  segments: string[],
  hostLabel: string,
): { owner: string; repo: string; branchHint: string | null } | null {
  let parts = segments;
  let branchHint: string | null = null;
  if (provider === 'github' && parts.length > 2) {
    if (parts[2] !== 'tree' || parts.length < 4) return null;
    branchHint = parts.slice(3).join('/');
    parts = parts.slice(0, 2);
  } else if (provider === 'gitlab') {
    const dash = parts.indexOf('-');
    if (dash !== -1) {
      if (parts[dash + 1] === 'tree' && parts.length > dash + 2)
        branchHint = parts.slice(dash + 2).join('/');
      parts = parts.slice(0, dash);
    }
  } else if (provider === 'bitbucket' && parts.length > 2) {
    if (parts[2] !== 'src' || parts.length < 4) return null;
    branchHint = parts.slice(3).join('/');
    parts = parts.slice(0, 2);
  }
  if (
    parts.length === 0 ||
    !parts.every((part) => SEGMENT.test(part) && part !== '.' && part !== '..')
  )
    return null;
  if ((provider === 'github' || provider === 'bitbucket') && parts.length !== 2) return null;
  if (provider === 'gitlab' && parts.length < 2) return null;
  const repo = stripGit(parts[parts.length - 1]!);
  if (!repo || repo === '.' || repo === '..') return null;
  const owner = parts.length > 1 ? parts.slice(0, -1).join('/') : hostLabel;
  return { owner, repo, branchHint };
}

function keyFor(
  provider: RepositoryProvider,
  host: string | null,
  owner: string,
  repo: string,
): string {
  const caseInsensitive =
    provider === 'github' || provider === 'gitlab' || provider === 'bitbucket';
  const path = `${owner}/${repo}`;
  return `${provider}:${host ?? ''}:${caseInsensitive ? path.toLowerCase() : path}`;
}

function parseRemote(
  scheme: 'https' | 'ssh',
  hostWithPort: string,
  hostname: string,
  rawPath: string,
  user: string | null,
): RepositoryUrlResult {
  if (!validHost(hostname)) return fail('host');
  const provider = KNOWN_HOSTS[hostname] ?? 'git';
  const segments = rawPath
    .split('/')
    .filter((segment, index, all) => segment !== '' || index < all.length - 1);
  if (segments.some((segment) => segment === '')) return fail('path');
  const split = splitPath(provider, segments, hostname);
  if (!split) return fail('path');
  const host = hostname === 'www.github.com' ? 'github.com' : hostWithPort;
  const path = `${split.owner}/${split.repo}`;
  let url: string;
  if (scheme === 'https') {
    url = provider === 'git' ? `https://${host}/${segments.join('/')}` : `https://${host}/${path}`;
  } else {
    url = `ssh://${user ? `${user}@` : ''}${host}/${provider === 'git' ? segments.join('/') : `${path}.git`}`;
  }
  return {
    ok: true,
    value: {
      provider,
      host,
      owner: split.owner,
      repo: split.repo,
      url,
      key: keyFor(provider, host, split.owner, split.repo),
      branchHint: split.branchHint,
    },
  };
}

/**
 * A local repository is named after its own directory, without `.git`, and has no owner: the
 * folder above it is wherever it happens to be kept (`repos/`, `/srv/git`), not who owns it. A
 * git directory kept as `<name>/repo` (or `<name>/repo.git`) is named after `<name>`.
 */
function parseLocal(path: string): RepositoryUrlResult {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((segment) => segment === '..' || segment === '.'))
    return fail('path');
  const named = segments.length > 1 && stripGit(segments.at(-1)!) === 'repo' ? -2 : -1;
  const repo = stripGit(segments.at(named)!);
  if (!repo) return fail('path');
  const owner = '';
  const url = `/${segments.join('/')}`;
  return {
    ok: true,
    value: {
      provider: 'local',
      host: null,
      owner,
      repo,
      url,
      key: `local::${url}`,
      branchHint: null,
    },
  };
}

/** How a repository is written for people: `owner/repo`, or the bare name of a local one. */
export function repositoryFullName(repository: { owner: string; repo: string }): string {
  return repository.owner ? `${repository.owner}/${repository.repo}` : repository.repo;
}

export function parseRepositoryUrl(
  input: string,
  options: { allowLocal: boolean },
): RepositoryUrlResult {
  const text = input.trim();
  if (!text) return fail('empty');
  if (text.length > 2048) return fail('too_long');
  // A value git could take for an option (--upload-pack=…, -c …) is never an address.
  if (text.startsWith('-')) return fail('option_like');
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (/[\s\x00-\x1f\x7f]/.test(text)) return fail('path');

  if (text.startsWith('/') || /^file:\/\//i.test(text)) {
    if (!options.allowLocal) return fail('local_not_allowed');
    // URL parsing would quietly resolve '..'; a path that climbs is refused before that.
    if (/(^|\/)\.\.?(\/|$)/.test(text.replace(/^file:\/\//i, ''))) return fail('path');
    let path = text;
    if (/^file:\/\//i.test(text)) {
      let parsed: URL;
      try {
        parsed = new URL(text);
      } catch {
        return fail('path');
      }
      if (parsed.host !== '' && parsed.host !== 'localhost') return fail('host');
      path = decodeURIComponent(parsed.pathname);
    }
    return parseLocal(path);
  }

  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase();
  if (scheme === 'https' || scheme === 'ssh') {
    let parsed: URL;
    try {
      parsed = new URL(text);
    } catch {
      // WHATWG URL parsing fails on hosts (bad IPv4, forbidden characters) far more than on paths.
      return fail('host');
    }
    if (parsed.password || (scheme === 'https' && parsed.username)) return fail('credentials');
    // ssh://git@host/… names the ssh user, which is not a secret; a password never is allowed.
    const user = scheme === 'ssh' ? decodeURIComponent(parsed.username) || null : null;
    const hostname = parsed.hostname.toLowerCase();
    const hostWithPort = parsed.port ? `${hostname}:${parsed.port}` : hostname;
    let path: string;
    try {
      path = decodeURIComponent(parsed.pathname.replace(/^\//, ''));
    } catch {
      return fail('path');
    }
    return parseRemote(scheme, hostWithPort, hostname, path, user);
  }
  if (scheme) return fail('scheme');

  const scp = SCP_LIKE.exec(text);
  if (scp) {
    const [, user, host, path] = scp;
    if (path!.startsWith('/') && !host!.includes('.')) return fail('host');
    return parseRemote(
      'ssh',
      host!.toLowerCase(),
      host!.toLowerCase(),
      path!.replace(/^\//, ''),
      user ?? null,
    );
  }
  return fail('scheme');
}

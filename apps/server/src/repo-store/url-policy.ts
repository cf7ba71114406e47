import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseRepositoryUrl } from '@rota/contracts';
import { RepoStoreError } from './errors.js';
import { checkHost, type HostPolicy } from './host-policy.js';
import { followSameHostRedirects } from './redirects.js';

export interface UrlPolicy extends HostPolicy {
  allowLocalRepos: boolean;
  allowPrivateHosts: boolean;
  /** A file of extra certificate authorities (PEM) trusted for https hosts, e.g. a company's own. */
  caFile?: string | undefined;
}

export interface CloneSource {
  /** What git is given: the https URL (after same-host redirects), or a file:// URL. */
  source: string;
  local: boolean;
  /**
   * `http.curloptResolve` entries (host:port:addresses) that pin git's connections to the addresses
   * that were checked, so a second DNS answer (rebinding) is never used. Empty: git resolves itself
   * (local repositories, or ALLOW_PRIVATE_HOSTS).
   */
  pins: string[];
}

/**
 * Decides whether a stored repository URL may be fetched, and what git should be given: https URLs
 * to public hosts, and local repositories (as file:// URLs) only when allowed. ssh needs keys this
 * server does not manage, so it is refused with a clear reason.
 */
export async function cloneSource(
  url: string,
  policy: UrlPolicy,
  token?: string,
): Promise<CloneSource> {
  const parsed = parseRepositoryUrl(url, { allowLocal: policy.allowLocalRepos });
  if (!parsed.ok) throw new RepoStoreError('REPO_URL_NOT_ALLOWED', parsed.reason);
  const repository = parsed.value;
  if (repository.provider === 'local') {
    const absolute = path.resolve(repository.url);
    if (!existsSync(absolute)) throw new RepoStoreError('REPO_NOT_FOUND');
    return { source: pathToFileURL(absolute).href, local: true, pins: [] };
  }
  if (!repository.url.startsWith('https://'))
    throw new RepoStoreError('REPO_URL_NOT_ALLOWED', 'only https URLs can be fetched');
  const caPem = policy.caFile ? await readFile(policy.caFile, 'utf8') : undefined;
  const probe = { ...policy, token, caPem };
  if (policy.allowPrivateHosts) {
    const source = await followSameHostRedirects(repository.url, { ...probe, addresses: null });
    return { source, local: false, pins: [] };
  }
  const verdict = await checkHost(repository.host!, policy);
  if (verdict.verdict === 'refused')
    throw new RepoStoreError(
      'REPO_HOST_NOT_ALLOWED',
      `${repository.host} is a ${verdict.reason} address (${verdict.address})`,
    );
  if (verdict.verdict === 'unresolvable')
    throw new RepoStoreError('REPO_HOST_UNRESOLVED', `cannot resolve ${verdict.host}`);
  const source = await followSameHostRedirects(repository.url, {
    ...probe,
    addresses: verdict.addresses,
  });
  const addresses = verdict.addresses.map((address) =>
    isIP(address) === 6 ? `[${address}]` : address,
  );
  return {
    source,
    local: false,
    pins: [`${verdict.host}:${verdict.port}:${addresses.join(',')}`],
  };
}

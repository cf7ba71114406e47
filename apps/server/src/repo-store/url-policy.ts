import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseRepositoryUrl } from '@rota/contracts';
import { RepoStoreError } from './errors.js';
import { checkHost, systemResolver, type Resolver } from './host-policy.js';

export interface UrlPolicy {
  allowLocalRepos: boolean;
  allowPrivateHosts: boolean;
  resolver?: Resolver;
}

/**
 * Decides whether a stored repository URL may be fetched, and what git should be given: https URLs
 * to public hosts, and local repositories (as file:// URLs) only when allowed. ssh needs keys this
 * server does not manage, so it is refused with a clear reason.
 */
export async function cloneSource(
  url: string,
  policy: UrlPolicy,
): Promise<{ source: string; local: boolean }> {
  const parsed = parseRepositoryUrl(url, { allowLocal: policy.allowLocalRepos });
  if (!parsed.ok) throw new RepoStoreError('REPO_URL_NOT_ALLOWED', parsed.reason);
  const repository = parsed.value;
  if (repository.provider === 'local') {
    const absolute = path.resolve(repository.url);
    if (!existsSync(absolute)) throw new RepoStoreError('REPO_NOT_FOUND');
    return { source: pathToFileURL(absolute).href, local: true };
  }
  if (!repository.url.startsWith('https://'))
    throw new RepoStoreError('REPO_URL_NOT_ALLOWED', 'only https URLs can be fetched');
  if (!policy.allowPrivateHosts) {
    const verdict = await checkHost(repository.host!, policy.resolver ?? systemResolver);
    if (verdict === 'private') throw new RepoStoreError('REPO_HOST_NOT_ALLOWED', repository.host!);
    if (verdict === 'unresolvable')
      throw new RepoStoreError('REPO_NOT_FOUND', `cannot resolve ${repository.host}`);
  }
  return { source: repository.url, local: false };
}

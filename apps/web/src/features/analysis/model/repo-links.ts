import type { ProjectRepo } from '@rota/contracts';

type Repo = Pick<ProjectRepo, 'provider' | 'owner' | 'repo' | 'branch'>;

// How each host addresses a file at a branch; other hosts and local paths have no page for it.
const FILE_URL: Partial<Record<ProjectRepo['provider'], (base: string, branch: string) => string>> =
  {
    github: (base, branch) => `https://github.com/${base}/blob/${branch}/`,
    gitlab: (base, branch) => `https://gitlab.com/${base}/-/blob/${branch}/`,
    bitbucket: (base, branch) => `https://bitbucket.org/${base}/src/${branch}/`,
  };

/**
 * Resolves a path written relative to `fromFile` (the README) to the file's page on the
 * repository host; null when the host has no such page or the path climbs out of the repository.
 */
export function repoFileResolver(repo: Repo, fromFile: string) {
  const make = FILE_URL[repo.provider];
  if (!make) return () => null;
  const base = [...repo.owner.split('/'), repo.repo].map(encodeURIComponent).join('/');
  const root = make(base, repo.branch.split('/').map(encodeURIComponent).join('/'));
  const dir = fromFile.includes('/') ? fromFile.slice(0, fromFile.lastIndexOf('/') + 1) : '';
  return (path: string): string | null => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return null;
    try {
      const resolved = new URL(
        path.startsWith('/') ? path.slice(1) : dir + path,
        'https://repo.invalid/',
      );
      if (resolved.host !== 'repo.invalid') return null;
      return root + resolved.pathname.slice(1) + resolved.search + resolved.hash;
    } catch {
      return null;
    }
  };
}

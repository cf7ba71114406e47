import type { ProjectRepo } from '@rota/contracts';
import { FolderGit2, HardDrive } from 'lucide-react';

type Provider = ProjectRepo['provider'];

// Brand marks (lucide has none): GitHub's Octicon mark, and GitLab's and Bitbucket's shapes.
const paths: Partial<Record<Provider, { viewBox: string; d: string }>> = {
  github: {
    viewBox: '0 0 16 16',
    d: 'M8 0C3.58 0 0 3.58 0 8c0 3.54 2.29 6.53 5.47 7.59.4.07.55-.17.55-.38 0-.19-.01-.82-.01-1.49-2.01.37-2.53-.49-2.69-.94-.09-.23-.48-.94-.82-1.13-.28-.15-.68-.52-.01-.53.63-.01 1.08.58 1.23.82.72 1.21 1.87.87 2.33.66.07-.52.28-.87.51-1.07-1.78-.2-3.64-.89-3.64-3.95 0-.87.31-1.59.82-2.15-.08-.2-.36-1.02.08-2.12 0 0 .67-.21 2.2.82.64-.18 1.32-.27 2-.27.68 0 1.36.09 2 .27 1.53-1.04 2.2-.82 2.2-.82.44 1.1.16 1.92.08 2.12.51.56.82 1.27.82 2.15 0 3.07-1.87 3.75-3.65 3.95.29.25.54.73.54 1.48 0 1.07-.01 1.93-.01 2.2 0 .21.15.46.55.38A8.013 8.013 0 0 0 16 8c0-4.42-3.58-8-8-8z',
  },
  gitlab: {
    viewBox: '0 0 24 24',
    d: 'm23.6 9.593-.033-.086L20.3.98a.851.851 0 0 0-.336-.405.875.875 0 0 0-1 .054.875.875 0 0 0-.29.44L16.47 7.818H7.537L5.332 1.07a.857.857 0 0 0-.29-.441.875.875 0 0 0-1-.054.859.859 0 0 0-.336.405L.433 9.502l-.032.086a6.066 6.066 0 0 0 2.012 7.01l.011.009.03.021 4.976 3.727 2.462 1.863 1.5 1.132a1.009 1.009 0 0 0 1.22 0l1.499-1.132 2.462-1.863 5.006-3.749.013-.01a6.068 6.068 0 0 0 2.009-7.003z',
  },
  bitbucket: {
    viewBox: '0 0 24 24',
    d: 'M.778 1.213a.768.768 0 0 0-.768.892l3.263 19.81c.084.5.515.868 1.022.873H19.95a.772.772 0 0 0 .77-.646l3.27-20.03a.768.768 0 0 0-.768-.891zM14.52 15.53H9.522L8.17 8.466h7.561z',
  },
};

/** Decorative: the provider's name is always written next to it. */
export function ProviderIcon({ provider, className }: { provider: Provider; className?: string }) {
  const mark = paths[provider];
  if (mark) {
    return (
      <svg viewBox={mark.viewBox} className={className} fill="currentColor" aria-hidden="true">
        <path d={mark.d} />
      </svg>
    );
  }
  const Icon = provider === 'local' ? HardDrive : FolderGit2;
  return <Icon className={className} aria-hidden="true" />;
}

const webHosts: Partial<Record<Provider, string>> = {
  github: 'github.com',
  gitlab: 'gitlab.com',
  bitbucket: 'bitbucket.org',
};

/**
 * The repository's page on its host, for the three hosts whose web address follows from owner and
 * repo; ssh, other git hosts and local paths have no page to link to.
 */
export function repositoryWebUrl(repo: Pick<ProjectRepo, 'provider' | 'owner' | 'repo'>) {
  const host = webHosts[repo.provider];
  if (!host) return null;
  const path = [...repo.owner.split('/'), repo.repo].map(encodeURIComponent).join('/');
  return `https://${host}/${path}`;
}

import { repositoryFullName, type Project } from '@rota/contracts';
import { ExternalLink, GitBranch, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { branchLabel } from '../../../lib/failure-text';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { openEditProject } from '../project-modals-state';
import { ProviderIcon, repositoryWebUrl } from './provider-icon';

const providerNames = {
  github: 'GitHub',
  gitlab: 'GitLab',
  bitbucket: 'Bitbucket',
  git: 'Git',
  local: null,
} as const;

export function ProjectReposSection({ project }: { project: Project }) {
  const { t } = useTranslation();
  const ref = { id: project.id, name: project.name, repoCount: project.repos.length };
  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby="project-repos-title" role="region">
      <div className="flex items-center justify-between gap-2">
        <h2 id="project-repos-title" className="text-lg font-semibold">
          {t('projects.detail.repos')}{' '}
          <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
            ({project.repos.length})
          </span>
        </h2>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => openEditProject(ref)}>
          <Pencil className="size-4" aria-hidden="true" />
          {t('projects.detail.manageRepos')}
        </Button>
      </div>
      {project.repos.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('projects.detail.noRepos')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-800">
          {project.repos.map((repo) => {
            const href = repositoryWebUrl(repo);
            const fullName = repositoryFullName(repo);
            const provider = providerNames[repo.provider] ?? t('projects.detail.localRepo');
            return (
              <li key={repo.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <ProviderIcon
                  provider={repo.provider}
                  className="mt-0.5 size-5 shrink-0 text-slate-700 dark:text-slate-300"
                />
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <p className="flex flex-wrap items-center gap-x-2 text-sm font-medium break-all">
                    <span className="sr-only">{provider}: </span>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-1 text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
                      >
                        {fullName}
                        <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                        <span className="sr-only">{t('common.opensInNewTab')}</span>
                      </a>
                    ) : (
                      <span>{fullName}</span>
                    )}
                    {repo.name !== repo.repo && (
                      <span className="font-normal text-slate-600 dark:text-slate-400">
                        {repo.name}
                      </span>
                    )}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                    <span className="inline-flex items-center gap-1">
                      <GitBranch className="size-3.5" aria-hidden="true" />
                      <span className="sr-only">{t('projects.form.branch')}: </span>
                      {repo.branch ? (
                        <code className="font-mono">{repo.branch}</code>
                      ) : (
                        <span>{branchLabel(t, repo.branch, null)}</span>
                      )}
                    </span>
                    {!href && <span className="font-mono break-all">{repo.url}</span>}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

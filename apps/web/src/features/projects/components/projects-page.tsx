import { FolderGit2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { useProjects } from '../api/list-projects';

/** The real list from the API; creating and managing projects arrives with the projects issue. */
export function ProjectsPage() {
  const { t } = useTranslation();
  const { data: projects, isPending, isError, error, refetch, isFetching } = useProjects();

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('projects.title')}</h1>
      {isPending && (
        <div aria-busy="true" className="flex flex-col gap-3">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      )}
      {isError && (
        <ErrorState
          message={translateError(t, toApiError(error))}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}
      {projects && projects.length === 0 && (
        <EmptyState
          icon={<FolderGit2 className="size-8" />}
          title={t('projects.emptyTitle')}
          description={t('projects.emptyDescription')}
        />
      )}
      {projects && projects.length > 0 && (
        <ul aria-label={t('projects.listLabel')} className="flex flex-col gap-3">
          {projects.map((project) => (
            <li key={project.id}>
              <Card className="flex flex-col gap-1 p-4">
                <h2 className="font-semibold">{project.name}</h2>
                {project.description && (
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {project.description}
                  </p>
                )}
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t('projects.repoCount', { count: project.repo_count })}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

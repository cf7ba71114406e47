import { FolderGit2, Plus, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { useProjects } from '../api/list-projects';
import { openCreateProject } from '../project-modals-state';
import { failuresByProject, useRepoFailures } from '../api/get-repo-failures';
import { ProjectCard } from './project-card';
import { ProjectFiltersBar } from './project-filters';
import { ProjectModals, usePreloadProjectModals } from './project-modals';
import { useListFilters } from './use-list-filters';
import { useLoadFailureToast } from './use-load-failure-toast';
import { useDocumentTitle } from '../../../lib/document-title';

export function ProjectsPage() {
  const { t } = useTranslation();
  const failing = failuresByProject(useRepoFailures(null).data);
  useDocumentTitle([t('projects.title')]);
  const navigate = useNavigate();
  const listFilters = useListFilters();
  const { filters, isFiltered } = listFilters;
  const query = useProjects(filters);
  const {
    data: projects,
    isPending,
    isError,
    error,
    refetch,
    isFetching,
    isPlaceholderData,
  } = query;
  useLoadFailureToast(query, 'errors.fetchProjects');
  usePreloadProjectModals();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{t('projects.title')}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('projects.subtitle')}</p>
        </div>
        <Button onClick={openCreateProject}>
          <Plus className="size-4" aria-hidden="true" />
          {t('projects.new')}
        </Button>
      </div>

      <ProjectFiltersBar filters={listFilters} />

      {/* Announces the outcome of a search or filter change to screen-reader users. */}
      <p role="status" className="sr-only">
        {projects && !isPlaceholderData
          ? t('projects.resultCount', { count: projects.length })
          : ''}
      </p>

      {isPending && (
        <div
          role="status"
          aria-busy="true"
          aria-label={t('common.loading')}
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        >
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-40 w-full rounded-xl" />
          ))}
        </div>
      )}

      {isError && !projects && (
        <ErrorState
          {...describeFailureProps(t, error)}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      )}

      {projects && projects.length === 0 && !isFiltered && (
        <EmptyState
          icon={<FolderGit2 className="size-8" />}
          title={t('projects.emptyTitle')}
          description={t('projects.emptyDescription')}
          action={
            <Button onClick={openCreateProject}>
              <Plus className="size-4" aria-hidden="true" />
              {t('projects.createFirst')}
            </Button>
          }
        />
      )}

      {projects && projects.length === 0 && isFiltered && (
        <EmptyState
          icon={<SearchX className="size-8" />}
          title={t('projects.noMatchesTitle')}
          description={
            filters.search
              ? t('projects.noMatchesSearch', { search: filters.search })
              : t('projects.noMatchesStatus')
          }
          action={
            <Button variant="secondary" onClick={listFilters.clearFilters}>
              {t('projects.filters.clear')}
            </Button>
          }
        />
      )}

      {projects && projects.length > 0 && (
        <ul
          aria-label={t('projects.listLabel')}
          aria-busy={isPlaceholderData}
          className={
            'grid gap-4 transition-opacity sm:grid-cols-2 lg:grid-cols-3' +
            (isPlaceholderData ? ' opacity-60' : '')
          }
        >
          {projects.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} failures={failing.get(project.id) ?? []} />
            </li>
          ))}
        </ul>
      )}

      <ProjectModals onCreated={(id) => navigate(`/projects/${id}`)} />
    </div>
  );
}

function describeFailureProps(t: Parameters<typeof describeFailure>[0], error: unknown) {
  const { title, detail } = describeFailure(t, 'errors.fetchProjects', toApiError(error));
  return detail ? { title, message: detail } : { message: title };
}

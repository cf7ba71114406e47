import type { Project } from '@rota/contracts';
import { ErrorCodes } from '@rota/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileQuestion, Pencil, Trash2 } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { useProject } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';
import { projectOpened } from '../project-cache';
import { openDeleteProject, openEditProject } from '../project-modals-state';
import { useProjectStore } from '../project-store';
import { ProjectFailures } from './project-failures';
import { ProjectMembersSection, type MembersAdditions } from './project-members-section';
import { ProjectModals, usePreloadProjectModals, type EditProjectSection } from './project-modals';
import { ProjectReposSection } from './project-repos-section';
import { ProjectGitHubSection } from './project-github-section';
import { RelativeTime } from './relative-time';
import { StatusBadge } from './status-badge';
import { useLoadFailureToast } from './use-load-failure-toast';
import { useDocumentTitle } from '../../../lib/document-title';

const backLinkClasses =
  'inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** What another part of the app adds to a project's page (the analyses: tabs, a report link). */
export interface ProjectPageAdditions {
  tabs: TabItem[];
  actions?: ReactNode;
  /** Shown at the top of the overview, e.g. what to do before analyses can run. */
  overview?: ReactNode;
  /** What the members' section adds: actions on each member, and a part below the list. */
  members?: MembersAdditions;
}

export interface ProjectPageHelpers {
  addRepository: () => void;
  /** Points one repository at another branch (keeps the others as they are). */
  switchBranch: (repoId: string, branch: string) => Promise<void>;
}

export type AddToProjectPage = (
  project: Project,
  helpers: ProjectPageHelpers,
) => ProjectPageAdditions;

export function ProjectDetailPage({
  additions,
  editSection,
}: { additions?: AddToProjectPage; editSection?: EditProjectSection } = {}) {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const deleted = useProjectStore((state) => state.deletedIds.has(id));
  const query = useProject(id);
  const { data: project, isPending, isError, error, refetch, isFetching } = query;
  useLoadFailureToast(query, 'errors.fetchProject');
  usePreloadProjectModals();

  useEffect(() => projectOpened(client, id), [client, id]);

  const notFound =
    deleted ||
    (isError &&
      (toApiError(error).status === 404 || toApiError(error).code === ErrorCodes.notFound));
  // A shown project names the page itself (its tab and name, in ProjectView).
  useDocumentTitle(
    project && !notFound
      ? null
      : [notFound ? t('projects.detail.notFoundTitle') : t('projects.title')],
  );

  let body: ReactNode;
  if (notFound) {
    body = (
      <EmptyState
        icon={<FileQuestion className="size-8" />}
        title={t('projects.detail.notFoundTitle')}
        description={t('projects.detail.notFoundDescription')}
        action={
          <Link to="/projects" className={backLinkClasses}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('projects.detail.backToProjects')}
          </Link>
        }
      />
    );
  } else if (isError) {
    const { title, detail } = describeFailure(t, 'errors.fetchProject', toApiError(error));
    body = (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (isPending) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        className="flex flex-col gap-4"
      >
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-5 w-96 max-w-full" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-48 w-full rounded-xl" />
          <Skeleton className="h-48 w-full rounded-xl" />
        </div>
      </div>
    );
  } else {
    body = <ProjectView project={project} additions={additions} />;
  }

  return (
    <div className="flex flex-col gap-6">
      {!notFound && (
        <Link to="/projects" className={backLinkClasses}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('projects.detail.backToProjects')}
        </Link>
      )}
      {body}
      <ProjectModals
        onDeleted={() => navigate('/projects', { replace: true })}
        {...(editSection ? { editSection } : {})}
      />
    </div>
  );
}

function ProjectView({
  project,
  additions,
}: {
  project: Project;
  additions: AddToProjectPage | undefined;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const ref = { id: project.id, name: project.name, repoCount: project.repos.length };
  const update = useUpdateProject();
  const switchBranch = async (repoId: string, branch: string) => {
    // PUT replaces the set: every repository is sent as it is, only this one's branch changes.
    await update.mutateAsync({
      id: project.id,
      body: {
        repos: project.repos.map((repo) => ({
          url: repo.url,
          name: repo.name,
          branch: repo.id === repoId ? branch : repo.branch,
        })),
      },
    });
  };
  const added = additions?.(project, { addRepository: () => openEditProject(ref), switchBranch });
  const failures = (
    <ProjectFailures
      projectId={project.id}
      switchBranch={switchBranch}
      editProject={() => openEditProject(ref)}
    />
  );

  // Only views that exist are offered: the overview, and what the app adds (the analyses).
  const tabs: TabItem[] = [
    {
      id: 'overview',
      label: t('projects.tabs.overview'),
      content: (
        <Overview
          project={project}
          members={added?.members}
          top={
            <>
              {failures}
              {added?.overview}
            </>
          }
        />
      ),
    },
    ...(added?.tabs ?? []),
  ];
  const shownTab = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0]!;
  useDocumentTitle([shownTab.label, project.name]);

  return (
    <>
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold wrap-anywhere">{project.name}</h1>
            <StatusBadge status={project.status} />
          </div>
          {project.description ? (
            <p className="max-w-3xl whitespace-pre-line text-slate-700 dark:text-slate-300">
              {project.description}
            </p>
          ) : (
            <p className="text-slate-600 italic dark:text-slate-400">
              {t('projects.noDescription')}
            </p>
          )}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            <RelativeTime value={project.updated_at} labelKey="projects.updatedAgo" />
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {added?.actions}
          <Button variant="secondary" onClick={() => openEditProject(ref)}>
            <Pencil className="size-4" aria-hidden="true" />
            {t('projects.actions.edit')}
          </Button>
          <Button variant="danger" onClick={() => openDeleteProject(ref)}>
            <Trash2 className="size-4" aria-hidden="true" />
            {t('projects.actions.delete')}
          </Button>
        </div>
      </header>
      <Tabs
        label={t('projects.tabs.label')}
        tabs={tabs}
        value={params.get('tab') ?? 'overview'}
        onValueChange={(tab) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (tab === 'overview') next.delete('tab');
              else next.set('tab', tab);
              return next;
            },
            { replace: true },
          )
        }
      />
    </>
  );
}

function Overview({
  project,
  top,
  members,
}: {
  project: Project;
  top?: ReactNode;
  members?: MembersAdditions | undefined;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      {top}
      {project.github && <ProjectGitHubSection github={project.github} />}
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <ProjectReposSection project={project} />
        <ProjectMembersSection project={project} additions={members} />
      </div>
      <Card className="flex flex-col gap-2 p-5" role="region" aria-labelledby="review-prompt-title">
        <h2 id="review-prompt-title" className="text-lg font-semibold">
          {t('projects.form.reviewPrompt')}
        </h2>
        {project.review_prompt ? (
          <p className="text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
            {project.review_prompt}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {t('projects.detail.noReviewPrompt')}
          </p>
        )}
      </Card>
    </div>
  );
}

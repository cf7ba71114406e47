import type { ProjectSummary, RepoFailure } from '@rota/contracts';
import { AlertTriangle, Clock, FolderGit2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { failureActionPath } from '../../../components/repo-failure-item';
import { failureActionLabel, failureCause } from '../../../lib/failure-text';
import { Card } from '../../../components/ui/card';
import { ProjectActionsMenu } from './project-actions-menu';
import { RelativeTime } from './relative-time';
import { StatusBadge } from './status-badge';

export function ProjectCard({
  project,
  failures = [],
}: {
  project: ProjectSummary;
  /** What failed on the project's repositories, the one to fix first first. */
  failures?: RepoFailure[];
}) {
  const { t } = useTranslation();
  const first = failures[0];
  const headingId = `project-${project.id}-name`;
  return (
    <Card
      aria-labelledby={headingId}
      role="article"
      className="relative flex h-full flex-col gap-3 p-5 transition-shadow focus-within:shadow-md hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-base font-semibold wrap-anywhere">
          {/* The name is the card's link; its hit area covers the card (see the ::after). */}
          <Link
            to={`/projects/${project.id}`}
            className="rounded-sm after:absolute after:inset-0 after:rounded-xl hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
          >
            {project.name}
          </Link>
        </h2>
        {/* Above the link's overlay, so the menu stays clickable. */}
        <div className="relative z-10 -mt-1 -mr-1">
          <ProjectActionsMenu
            project={{ id: project.id, name: project.name, repoCount: project.repo_count }}
          />
        </div>
      </div>
      <div>
        <StatusBadge status={project.status} />
      </div>
      {first && <FailureLine failure={first} count={failures.length} />}
      {project.description ? (
        <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
          {project.description}
        </p>
      ) : (
        <p className="text-sm text-slate-600 italic dark:text-slate-400">
          {t('projects.noDescription')}
        </p>
      )}
      <p className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <span className="inline-flex items-center gap-1">
          <FolderGit2 className="size-3.5" aria-hidden="true" />
          {t('projects.repoCount', { count: project.repo_count })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock className="size-3.5" aria-hidden="true" />
          <RelativeTime value={project.updated_at} labelKey="projects.updatedAgo" />
        </span>
      </p>
    </Card>
  );
}

/** A failing project says so on its row: how many repositories, the first cause and its fix. */
function FailureLine({ failure, count }: { failure: RepoFailure; count: number }) {
  const { t } = useTranslation();
  const label = failureActionLabel(t, failure);
  const path = failureActionPath(failure);
  return (
    <div
      role="alert"
      data-testid="project-failure"
      className="relative z-10 flex flex-col gap-1 rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="flex items-center gap-1 font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t('failures.projectRow', { count })}
      </p>
      <p className="break-words">
        {failure.repository}: {failureCause(t, failure)}
      </p>
      {label && path && (
        <Link to={path} className="font-medium underline underline-offset-4 hover:no-underline">
          {label}
        </Link>
      )}
    </div>
  );
}

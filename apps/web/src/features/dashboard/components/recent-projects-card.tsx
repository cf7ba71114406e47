import { ChevronRight, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useRecentProjects } from '../api/get-project-count';

const cardClasses = 'flex flex-col gap-3 sm:col-span-1 lg:col-span-2';

function Title() {
  const { t } = useTranslation();
  return (
    <h2 className="flex items-center gap-2 text-sm font-medium text-slate-600 dark:text-slate-400">
      <History className="size-4" aria-hidden="true" />
      {t('dashboard.recentProjects')}
    </h2>
  );
}

/**
 * The projects changed last, one click from their pages. Errors are the count card's to show.
 * While the list loads the card holds its place with one row: on a phone it sits above the
 * insights, and appearing late pushed them down (Lighthouse CLS 0.13 on /dashboard).
 */
export function RecentProjectsCard() {
  const { i18n } = useTranslation();
  const { data: projects, isPending } = useRecentProjects();
  if (isPending) {
    return (
      <Card aria-busy="true" className={cardClasses} data-testid="recent-projects-loading">
        <Title />
        <Skeleton className="my-2 h-6 w-full" />
      </Card>
    );
  }
  if (!projects || projects.length === 0) return null;

  return (
    <Card className={cardClasses}>
      <Title />
      <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
        {projects.map((project) => (
          <li key={project.id}>
            <Link
              to={`/projects/${project.id}`}
              className="flex items-center justify-between gap-3 rounded-md py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-slate-800/50 dark:focus-visible:outline-indigo-400"
            >
              <span className="min-w-0 truncate font-medium">{project.name}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs text-slate-600 dark:text-slate-400">
                <time
                  dateTime={project.updated_at}
                  title={formatDateTime(project.updated_at, i18n.language)}
                >
                  {formatRelativeTime(project.updated_at, i18n.language)}
                </time>
                <ChevronRight className="size-4" aria-hidden="true" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

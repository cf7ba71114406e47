import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { displayName } from '../../../lib/display-name';
import { useProjectCount } from '../api/get-project-count';
import { DashboardInsights } from './dashboard-insights';
import { ProjectCountCard } from './project-count-card';
import { RecentProjectsCard } from './recent-projects-card';

export interface DashboardPageProps {
  user: { name?: string | null; email: string } | null;
  /** Cards another part of the app adds below the insights (the user's own figures). */
  cards?: ReactNode;
}

export function DashboardPage({ user, cards }: DashboardPageProps) {
  const { t } = useTranslation();
  // Same query as the card: React Query shares one request between them.
  const { data: count } = useProjectCount();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">
          {user
            ? t('dashboard.greeting', { name: displayName(user) })
            : t('dashboard.greetingFallback')}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t('dashboard.subtitle')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <ProjectCountCard />
        <RecentProjectsCard />
      </div>
      <DashboardInsights />
      {cards}
      {count === 0 && (
        <EmptyState
          title={t('dashboard.emptyTitle')}
          description={t('dashboard.emptyDescription')}
          action={
            <Link to="/projects" className={buttonClasses('primary')}>
              {t('dashboard.goToProjects')}
            </Link>
          }
        />
      )}
      {count !== undefined && count > 0 && (
        <Link to="/projects" className={buttonClasses('secondary', 'self-start')}>
          {t('dashboard.viewProjects')}
        </Link>
      )}
    </div>
  );
}

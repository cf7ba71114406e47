import { BarChart3 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../components/ui/empty-state';
import { Logo } from '../../../components/ui/logo';

export interface AnalyzeFullPageProps {
  projectId: string;
  /** Known once the project list has loaded; until then the id stands in. */
  projectName?: string | undefined;
}

/** SPEC §2: the full analysis page lives outside the shell. Analyses arrive in later issues. */
export function AnalyzeFullPage({ projectId, projectName }: AnalyzeFullPageProps) {
  const { t } = useTranslation();
  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <Link
            to="/dashboard"
            aria-label={t('app.homeLink')}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Logo />
          </Link>
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold">{t('analysis.title')}</h1>
          <p className="text-slate-600 dark:text-slate-400">
            {t('analysis.projectLabel')}:{' '}
            <span data-testid="analysis-project">{projectName ?? projectId}</span>
          </p>
        </div>
        <EmptyState
          icon={<BarChart3 className="size-8" />}
          title={t('analysis.emptyTitle')}
          description={t('analysis.emptyDescription')}
          action={
            <Link
              to="/dashboard"
              className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
            >
              {t('common.backToDashboard')}
            </Link>
          }
        />
      </main>
    </div>
  );
}

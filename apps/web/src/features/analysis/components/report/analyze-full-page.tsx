import '../../i18n';
import './report-print.css';
import type { Project } from '@rota/contracts';
import { BarChart3, FileQuestion } from 'lucide-react';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../../../components/ui/empty-state';
import { ErrorState } from '../../../../components/ui/error-state';
import { Logo } from '../../../../components/ui/logo';
import { Skeleton } from '../../../../components/ui/skeleton';
import { formatDateTime } from '../../../../lib/format';
import { ReportActions } from './report-actions';
import {
  REPORT_HEADER_CLASSES,
  REPORT_HEADER_ROW_CLASSES,
  REPORT_MAIN_CLASSES,
  REPORT_PAGE_CLASSES,
} from './report-frame';
import { ReportProgress } from './report-progress';
import { useRepoRetry } from '../summary/use-repo-retry';
import { ReportRepository } from './report-repository';
import { ReportSkeleton } from './report-skeleton';
import { ReportSummary } from './report-summary';
import { ReportToc } from './report-toc';
import { useReport } from './use-report';

export interface AnalyzeFullPageProps {
  project: Project | undefined;
  state: 'loading' | 'notFound' | 'error' | 'ready';
  errorMessage?: string | undefined;
  onRetry?: () => void;
}

const link =
  'text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

/**
 * True once `ready` has been committed and React has rendered what it guards as a transition:
 * the repositories' sections (every table and chart of every analysis) are rendered in slices
 * that yield to the browser, after the summary has painted, instead of in one long task with it
 * (Lighthouse counted ~250 ms of blocking on a phone when the report rendered whole).
 */
function useShownAfter(ready: boolean): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (ready && !shown) startTransition(() => setShown(true));
  }, [ready, shown]);
  return shown;
}

function ReportBody({ project }: { project: Project }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => new Date());
  const { report, complete, answered } = useReport(project, now);
  const retry = useRepoRetry(project.id, project.status === 'archived');
  const sectionsShown = useShownAfter(answered);
  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('analysis.report.generatedAt', {
            date: formatDateTime(report.generatedAt, i18n.language),
          })}
          {/* Said once the analyses have answered: until then the summary says "loading". */}
          {answered && !complete && ` ${t('analysis.report.partial')}`}
        </p>
        <ReportActions report={report} />
      </div>
      {answered ? (
        <>
          <ReportSummary report={report} />
          <ReportProgress report={report} />
          <ReportToc report={report} />
          {sectionsShown &&
            report.repositories.map((repository, index) => (
              <ReportRepository
                key={repository.repo.id}
                repository={repository}
                index={index}
                retry={retry}
              />
            ))}
        </>
      ) : (
        <ReportSkeleton project={project} />
      )}
    </>
  );
}

/**
 * Spec §2: the full analysis lives outside the shell. Every repository of the project with its
 * four analyses, a table of contents, a print stylesheet, and Markdown and JSON exports.
 */
export function AnalyzeFullPage({ project, state, errorMessage, onRetry }: AnalyzeFullPageProps) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (state === 'loading') {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        className="flex flex-col gap-4"
      >
        <Skeleton className="h-32 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  } else if (state === 'notFound') {
    body = (
      <EmptyState
        icon={<FileQuestion className="size-8" />}
        title={t('analysis.report.notFoundTitle')}
        description={t('analysis.report.notFoundText')}
        action={
          <Link to="/projects" className={link}>
            {t('analysis.report.toProjects')}
          </Link>
        }
      />
    );
  } else if (state === 'error' || !project) {
    body = (
      <ErrorState
        title={t('errors.fetchProject')}
        message={errorMessage ?? t('errors.generic')}
        {...(onRetry ? { onRetry } : {})}
      />
    );
  } else if (project.repos.length === 0) {
    body = (
      <EmptyState
        icon={<BarChart3 className="size-8" />}
        title={t('analysis.report.emptyTitle')}
        description={t('analysis.report.emptyText')}
        action={
          <Link to={`/projects/${encodeURIComponent(project.id)}`} className={link}>
            {t('analysis.report.backToProject')}
          </Link>
        }
      />
    );
  } else {
    body = <ReportBody project={project} />;
  }
  return (
    <div className={REPORT_PAGE_CLASSES}>
      <header className={REPORT_HEADER_CLASSES}>
        <div className={REPORT_HEADER_ROW_CLASSES}>
          <Link
            to="/dashboard"
            aria-label={t('app.homeLink')}
            className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <Logo />
          </Link>
        </div>
      </header>
      <main className={REPORT_MAIN_CLASSES}>
        <div className="flex flex-col gap-1">
          <h1 className="text-3xl font-semibold">{t('analysis.report.title')}</h1>
          {/* Only a project that loaded is named: a missing one has nothing but its id to show. */}
          {project && (
            <p className="text-slate-600 dark:text-slate-400">
              {t('analysis.report.projectLabel')}:{' '}
              <span
                data-testid="analysis-project"
                className="font-medium text-slate-900 dark:text-slate-100"
              >
                {project.name}
              </span>
            </p>
          )}
        </div>
        {body}
      </main>
    </div>
  );
}

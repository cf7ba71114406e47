import type { Project } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { repoTitle } from '../../model/repo-title';
import { FirstActionsSection } from '../summary/first-actions-section';
import { ActionsSkeleton, HeadlineSkeleton } from '../summary/summary-skeleton';
import { reportSummaryFrameClasses } from './report-summary';

/**
 * The report's summary as its final frame, until every analysis has answered once: the same box
 * and headings, room for the three actions, each repository's name over tiles of their final
 * size. Filling in piece by piece had pushed the summary and what follows it around (Lighthouse
 * CLS 0.15–0.21 on the full report). The screen reader hears "loading".
 */
export function ReportSkeleton({ project }: { project: Pick<Project, 'repos'> }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="report-summary-title"
      aria-busy="true"
      className={reportSummaryFrameClasses}
      data-testid="report-summary-loading"
    >
      <h2 id="report-summary-title" className="text-xl font-semibold">
        {t('analysis.summary.reportTitle')}
      </h2>
      <p role="status" className="sr-only">
        {t('common.loading')}
      </p>
      <FirstActionsSection titleId="report-first-actions">
        <ActionsSkeleton />
      </FirstActionsSection>
      <section aria-labelledby="report-headlines" className="flex flex-col gap-3">
        <h3 id="report-headlines" className="font-semibold">
          {t('analysis.summary.headlinesTitle')}
        </h3>
        {project.repos.map((repo) => (
          <div key={repo.id} className="flex min-w-0 flex-col gap-2">
            <h4 className="font-medium wrap-anywhere">{repoTitle(repo)}</h4>
            <HeadlineSkeleton />
          </div>
        ))}
      </section>
    </section>
  );
}

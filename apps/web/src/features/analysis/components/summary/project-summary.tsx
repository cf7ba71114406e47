import type { Project } from '@rota/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AnalysisView } from '../../api/analysis-kinds';
import { rankActions } from '../../model/summary/first-actions';
import { analysedAnything } from '../../model/summary/repo-status';
import { useReport } from '../report/use-report';
import { FirstActionsSection } from './first-actions-section';
import { detailLinkClasses } from './detail-link';
import { FirstActions } from './first-actions';
import { RepoSummaryCard } from './repo-summary-card';
import { SummarySkeleton, summaryFrameClasses } from './summary-skeleton';
import { useRepoRetry } from './use-repo-retry';

type ProjectPart = Pick<Project, 'id' | 'name' | 'status' | 'repos'>;

/** On the project page a detail is the analysis's tab. */
function renderTabLink({ view }: { view: AnalysisView }, children: ReactNode) {
  return (
    <Link to={{ search: `?tab=${view}` }} className={detailLinkClasses}>
      {children}
    </Link>
  );
}

/**
 * The project Overview's summary: the three things to do first and each repository's headlines,
 * read from the same four queries as the tabs and the full report (four requests per project,
 * however many repositories; opening a tab afterwards costs no request).
 */
export function ProjectSummary({ project }: { project: ProjectPart }) {
  const { t } = useTranslation();
  const [now] = useState(() => new Date());
  const { report, answered } = useReport(project, now);
  const retry = useRepoRetry(project.id, project.status === 'archived');
  const { first } = rankActions(report);
  if (!answered) return <SummarySkeleton project={project} />;
  return (
    <section
      aria-labelledby="analysis-summary-title"
      className={summaryFrameClasses}
      data-testid="project-summary"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="analysis-summary-title" className="text-lg font-semibold">
          {t('analysis.summary.title')}
        </h2>
        <Link
          to={`/analyze-full/${encodeURIComponent(project.id)}`}
          className={`${detailLinkClasses} text-sm`}
        >
          {t('analysis.summary.openReport')}
        </Link>
      </div>
      <FirstActionsSection titleId="first-actions-title">
        <FirstActions
          first={first}
          analysedAny={analysedAnything(report)}
          renderLink={renderTabLink}
        />
      </FirstActionsSection>
      <ul className="grid min-w-0 gap-4" aria-label={t('analysis.summary.repositoriesLabel')}>
        {report.repositories.map((repository, index) => (
          <RepoSummaryCard
            key={repository.repo.id}
            repository={repository}
            index={index}
            renderLink={renderTabLink}
            retry={retry}
          />
        ))}
      </ul>
    </section>
  );
}

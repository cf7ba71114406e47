import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { repoTitle } from '../../model/report-markdown';
import type { Report } from '../../model/report-model';
import { rankActions } from '../../model/summary/first-actions';
import { analysedAnything, hasResults, repoStatus } from '../../model/summary/repo-status';
import { detailLinkClasses, type RenderDetailLink } from '../summary/detail-link';
import { ActionList, FirstActions } from '../summary/first-actions';
import { FirstActionsSection } from '../summary/first-actions-section';
import { RepoHeadline } from '../summary/repo-headline';
import { repoAnchor } from './report-repository';

/** In the report a detail is the repository's section further down the same page. */
const renderAnchorLink: RenderDetailLink = ({ view, index }, children: ReactNode) => (
  <a href={`#${repoAnchor(index)}-${view}`} className={detailLinkClasses}>
    {children}
  </a>
);

/**
 * The executive summary on the report's first screen: the three things to do first, each
 * repository's headline figures, and the other risks, every item linking to its section below.
 */
/** The report summary's box, the same whether loaded or not (report-skeleton.tsx). */
export const reportSummaryFrameClasses =
  'flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:p-5 dark:border-slate-800 dark:bg-slate-900';

export function ReportSummary({ report }: { report: Report }) {
  const { t } = useTranslation();
  const { first, others } = rankActions(report);
  return (
    <section
      aria-labelledby="report-summary-title"
      className={`report-summary ${reportSummaryFrameClasses}`}
      data-testid="report-summary"
    >
      <h2 id="report-summary-title" className="text-xl font-semibold">
        {t('analysis.summary.reportTitle')}
      </h2>
      <FirstActionsSection titleId="report-first-actions">
        <FirstActions
          first={first}
          analysedAny={analysedAnything(report)}
          renderLink={renderAnchorLink}
        />
      </FirstActionsSection>
      <section aria-labelledby="report-headlines" className="flex flex-col gap-3">
        <h3 id="report-headlines" className="font-semibold">
          {t('analysis.summary.headlinesTitle')}
        </h3>
        {report.repositories.map((repository, index) => {
          const status = repoStatus(repository);
          const anchor = `#${repoAnchor(index)}`;
          return (
            <div key={repository.repo.id} className="flex min-w-0 flex-col gap-2">
              <h4 className="font-medium wrap-anywhere">
                <a href={anchor} className={detailLinkClasses}>
                  {repoTitle(repository.repo)}
                </a>
              </h4>
              {status.state === 'failed' && (
                <p className="text-sm text-red-700 dark:text-red-300" data-testid="summary-failed">
                  {t('analysis.summary.failedSeeBelow')}
                </p>
              )}
              {status.state === 'working' ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('analysis.summary.analysing', { progress: status.progress })}
                </p>
              ) : (
                // A failure of some analyses does not hide what the others found.
                (status.state === 'shown' || hasResults(repository)) && (
                  <RepoHeadline
                    repository={repository}
                    index={index}
                    renderLink={renderAnchorLink}
                  />
                )
              )}
            </div>
          );
        })}
      </section>
      {others.length > 0 && (
        <section aria-labelledby="report-risks" className="flex flex-col gap-2">
          <h3 id="report-risks" className="font-semibold">
            {t('analysis.summary.otherRisksTitle')}
          </h3>
          <ActionList
            actions={others}
            renderLink={renderAnchorLink}
            testId="other-risks"
            start={first.length + 1}
          />
        </section>
      )}
    </section>
  );
}

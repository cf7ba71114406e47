import type { ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatHours, formatNumber } from '../../../lib/format';
import { pullRequestReason } from '../model/missing-reason';
import { Figure, Section } from './figure';

/** The period's headline figures, test coverage and the honestly named test-to-code ratio. */
export function SummarySection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { metrics } = analytics;
  const reason = pullRequestReason(analytics.sources);
  const github = analytics.sources.forge_repos > 0;
  const count = (value: number | null) => (value === null ? null : formatNumber(value, locale));
  return (
    <Section id="summary" title={t('analytics.summary.title')}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          testId="summary-total-prs"
          label={t('analytics.summary.totalPRs')}
          value={github ? count(metrics.totalPRs) : null}
          reason={reason}
          metric="opened"
          count={metrics.totalPRs}
        />
        <Figure
          testId="summary-merged-prs"
          label={t('analytics.summary.mergedPRs')}
          value={github ? count(metrics.mergedPRs) : null}
          reason={reason}
          metric="opened_merged"
          count={metrics.mergedPRs}
        />
        <Figure
          testId="summary-merge-time"
          label={t('analytics.summary.avgMergeTime')}
          value={metrics.avgMergeTime === null ? null : formatHours(metrics.avgMergeTime, locale)}
          reason={reason}
          metric="time_to_merge"
          count={analytics.flow.time_to_merge.count}
        />
        <Figure
          testId="summary-churn"
          label={t('analytics.summary.codeChurn')}
          value={
            metrics.codeChurn === null
              ? null
              : t('analytics.size.lines', { count: metrics.codeChurn })
          }
          reason={analytics.sources.history_repos === 0 && !github ? 'needsHistory' : reason}
        />
        <Figure
          testId="summary-test-coverage"
          label={t('analytics.summary.testCoverage')}
          value={metrics.testCoverage}
          hint={t('analytics.summary.testCoverageWhy')}
        />
        <Figure
          testId="summary-test-ratio"
          label={t('analytics.summary.testToCodeRatio')}
          value={
            metrics.testToCodeRatio === null
              ? null
              : formatNumber(metrics.testToCodeRatio, locale, 2)
          }
          reason="needsStructure"
          hint={t('analytics.summary.testToCodeRatioWhat')}
        />
      </dl>
    </Section>
  );
}

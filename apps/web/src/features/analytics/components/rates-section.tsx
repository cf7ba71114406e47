import type { ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRate } from '../../../lib/format';
import { pullRequestReason } from '../model/missing-reason';
import { Figure, Section } from './figure';

/** Merge rate, review coverage, throughput and stale pull requests (docs/metrics.md "Counts and rates"). */
export function RatesSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { rates, metrics } = analytics;
  const reason = pullRequestReason(analytics.sources);
  const github = analytics.sources.forge_repos > 0;
  const rate = (value: number | null) => (value === null ? null : formatRate(value, locale));
  return (
    <Section id="rates" title={t('analytics.rates.title')}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          testId="rate-merge"
          label={t('analytics.rates.merge_rate')}
          value={rate(rates.merge_rate)}
          reason={reason}
          metric="opened_merged"
          count={metrics.mergedPRs}
          hint={t('analytics.rates.openBeside', { count: metrics.openPRs })}
        />
        <Figure
          testId="rate-review-coverage"
          label={t('analytics.rates.review_coverage')}
          value={rate(rates.review_coverage)}
          reason={reason}
          metric="reviewed_before_merge"
        />
        <Figure
          testId="rate-throughput"
          label={t('analytics.rates.throughput')}
          value={github ? formatNumber(rates.throughput, locale) : null}
          reason={reason}
          metric="merged"
          count={rates.throughput}
        />
        <Figure
          testId="rate-stale"
          label={t('analytics.rates.stale_prs')}
          value={github ? formatNumber(rates.stale_prs, locale) : null}
          reason={reason}
          metric="stale"
          count={rates.stale_prs}
          hint={t('analytics.rates.staleHint')}
        />
      </dl>
    </Section>
  );
}

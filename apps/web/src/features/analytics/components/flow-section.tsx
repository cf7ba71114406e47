import type { FlowStat, ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { ItemsButton } from '../../../components/items/items-scope';
import { formatHours, formatNumber } from '../../../lib/format';
import { pullRequestReason } from '../model/missing-reason';
import { Section } from './figure';

const FLOW_METRICS = [
  'time_to_first_review',
  'review_time',
  'time_to_merge',
  'coding_time',
  'cycle_time',
] as const;

/**
 * The five flow times (docs/metrics.md "Flow times") as one table: median and 75th percentile in
 * hours or days, how many pull requests were measured, and how many could not be.
 */
export function FlowSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const reason = t(`analytics.reason.${pullRequestReason(analytics.sources)}`);
  const time = (value: number | null) =>
    value === null ? (
      <span className="text-slate-600 dark:text-slate-400" title={reason}>
        {t('analytics.notMeasured')}
      </span>
    ) : (
      formatHours(value, locale)
    );
  const row = (metric: (typeof FLOW_METRICS)[number], stat: FlowStat) => {
    const label = t(`analytics.flow.${metric}`);
    return (
      <tr
        key={metric}
        data-testid={`flow-${metric}`}
        className="border-b border-slate-100 last:border-0 dark:border-slate-800"
      >
        <th scope="row" className="py-2 pr-2 font-medium">
          {label}
          {stat.not_measurable > 0 && (
            <span className="block text-xs font-normal text-slate-600 dark:text-slate-400">
              {t('analytics.flow.notMeasurable', { count: stat.not_measurable })}
            </span>
          )}
        </th>
        <td className="px-2 py-2 text-right">{time(stat.median)}</td>
        <td className="px-2 py-2 text-right">{time(stat.p75)}</td>
        <td className="py-2 pl-2 text-right">
          {stat.count > 0 ? (
            <ItemsButton metric={metric} label={label} count={stat.count}>
              {formatNumber(stat.count, locale)}
            </ItemsButton>
          ) : (
            formatNumber(stat.count, locale)
          )}
        </td>
      </tr>
    );
  };
  return (
    <Section id="flow" title={t('analytics.flow.title')}>
      <div
        className="relative max-w-full overflow-x-auto"
        role="region"
        // Not the section's own name (axe: landmark-unique): this is its scrolling table.
        aria-label={t('common.tableOf', { name: t('analytics.flow.title') })}
        tabIndex={0}
      >
        <table className="w-full text-left text-sm tabular-nums">
          <caption className="sr-only">{t('analytics.flow.title')}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              <th scope="col" className="py-1 pr-2 font-medium">
                {t('analytics.flow.metric')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('analytics.flow.median')}
              </th>
              <th scope="col" className="px-2 py-1 text-right font-medium">
                {t('analytics.flow.p75')}
              </th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">
                {t('analytics.flow.count')}
              </th>
            </tr>
          </thead>
          <tbody>{FLOW_METRICS.map((metric) => row(metric, analytics.flow[metric]))}</tbody>
        </table>
      </div>
      {analytics.prReviews.avgReviewTime !== null && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('analytics.flow.avgReviewTime', {
            time: formatHours(analytics.prReviews.avgReviewTime, locale),
          })}
        </p>
      )}
    </Section>
  );
}

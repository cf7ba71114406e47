import type { ActivityDay, ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { SERIES_COLORS, type ChartSeries } from '../../../components/charts/chart-types';
import { LazyActivityChart } from '../../../components/charts/lazy-activity-chart';
import { formatNumber } from '../../../lib/format';
import { dayRangeLabels } from '../../../lib/period';
import {
  activityRowLabel,
  activityUnit,
  aggregateActivity,
} from '../../../components/charts/aggregate-activity';
import { historyReason } from '../model/missing-reason';
import { ChartOrTable } from './chart-or-table';
import { Figure, Section } from './figure';

const SERIES = ['commits', 'prs_opened', 'prs_closed', 'prs_merged'] as const;
type SeriesKey = (typeof SERIES)[number];

const sum = (days: ActivityDay[], key: SeriesKey) =>
  days.reduce((total, day) => total + (day[key] ?? 0), 0);

/**
 * Commits and pull requests opened, closed and merged per day of the period; per week or month
 * beyond 90 days, so a year does not crush a phone's chart.
 */
export function ActivitySection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const days = analytics.charts.activity;
  // Commits are null on every day until a history analysis exists: that line is left out.
  const commitsKnown = days.some((day) => day.commits !== null);
  const keys = SERIES.filter((key) => key !== 'commits' || commitsKnown);
  const series: ChartSeries[] = keys.map((key, index) => ({
    key,
    label: t(`analytics.activity.${key}`),
    color: SERIES_COLORS[index % SERIES_COLORS.length]!,
  }));
  const empty = keys.every((key) => sum(days, key) === 0);
  const unit = activityUnit(days.length);
  const rows = aggregateActivity(days, unit);
  const { period } = analytics;
  const title =
    period.preset === null && period.from && period.to
      ? t('analytics.activity.titleRange', dayRangeLabels(period.from, period.to, locale))
      : t('analytics.activity.title', { count: period.preset ?? period.days });
  const cell = (value: number | null) =>
    value === null ? t('analytics.notMeasured') : formatNumber(value, locale);

  return (
    <Section id="activity" title={title}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {SERIES.map((key) => (
          <Figure
            key={key}
            label={t(`analytics.activity.${key}`)}
            value={key === 'commits' && !commitsKnown ? null : formatNumber(sum(days, key), locale)}
            reason={historyReason(analytics.sources)}
            testId={`activity-total-${key}`}
          />
        ))}
      </dl>
      {empty ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="activity-empty">
          {t('analytics.activity.empty')}
        </p>
      ) : (
        <>
          {unit !== 'day' && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t(`analytics.activity.per_${unit}`)}
            </p>
          )}
          <ChartOrTable
            chart={<LazyActivityChart rows={rows} series={series} locale={locale} />}
            table={{
              caption: t(
                unit === 'day'
                  ? 'analytics.activity.tableCaption'
                  : `analytics.activity.per_${unit}`,
              ),
              columns: [t(`analytics.activity.${unit}`), ...series.map((line) => line.label)],
              rows: rows.map((row) => ({
                key: row.date,
                cells: [
                  activityRowLabel(row.date, unit, locale),
                  ...keys.map((key) => cell(row[key])),
                ],
              })),
              testId: 'activity-table',
            }}
          />
        </>
      )}
    </Section>
  );
}

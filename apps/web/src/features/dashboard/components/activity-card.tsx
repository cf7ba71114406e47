import type { Dashboard } from '@rota/contracts';
import { Activity } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SERIES_COLORS, type ChartSeries } from '../../../components/charts/chart-types';
import { DataTable } from '../../../components/charts/data-table';
import {
  activityRowLabel,
  activityUnit,
  aggregateActivity,
} from '../../../components/charts/aggregate-activity';
import { LazyActivityChart } from '../../../components/charts/lazy-activity-chart';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { dayRangeLabels } from '../../../lib/period';
import { InsightCard, QuietText } from './insight-card';

const SERIES = ['commits', 'prs_opened', 'prs_merged'] as const;

/**
 * The period across every project: commits, pull requests opened and merged per day, or per week
 * or month beyond 90 days.
 */
export function ActivityCard({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [asTable, setAsTable] = useState(false);
  const days = dashboard.activity;
  // Commits are null until some repository has a history analysis: that line is left out.
  const keys = SERIES.filter(
    (key) => key !== 'commits' || days.some((day) => day.commits !== null),
  );
  const series: ChartSeries[] = keys.map((key, index) => ({
    key,
    label: t(`dashboard.activity.${key}`),
    color: SERIES_COLORS[index % SERIES_COLORS.length]!,
  }));
  const empty = days.every((day) => keys.every((key) => (day[key] ?? 0) === 0));
  const unit = activityUnit(days.length);
  const rows = aggregateActivity(days, unit);
  const { period } = dashboard;
  const title =
    period.preset === null
      ? t('dashboard.activity.titleRange', dayRangeLabels(period.from, period.to, locale))
      : t('dashboard.activity.title', { count: period.preset });
  return (
    <InsightCard
      id="activity"
      title={title}
      icon={<Activity className="size-4" />}
      className="lg:col-span-3"
    >
      {empty ? (
        <QuietText testId="activity-empty">{t('dashboard.activity.empty')}</QuietText>
      ) : (
        <>
          {unit !== 'day' && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t(`dashboard.activity.per_${unit}`)}
            </p>
          )}
          {!asTable && <LazyActivityChart rows={rows} series={series} locale={locale} />}
          <DataTable
            testId="dashboard-activity-table"
            visuallyHidden={!asTable}
            caption={title}
            columns={[t(`dashboard.activity.${unit}`), ...series.map((line) => line.label)]}
            rows={rows.map((row) => ({
              key: row.date,
              cells: [
                activityRowLabel(row.date, unit, locale),
                ...keys.map((key) => formatNumber(row[key] ?? 0, locale)),
              ],
            }))}
          />
          <Button
            variant="ghost"
            className="self-start"
            aria-pressed={asTable}
            onClick={() => setAsTable((value) => !value)}
          >
            {t('dashboard.activity.showTable')}
          </Button>
        </>
      )}
    </InsightCard>
  );
}

import type { Dashboard } from '@rota/contracts';
import { Gauge, Layers, Timer } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemsButton } from '../../../components/items/items-scope';
import { formatHours, formatNumber, formatRate } from '../../../lib/format';
import { dayRangeLabels, previousRange } from '../../../lib/period';
import { mergeTimeTrend } from '../model/links';
import { InsightCard, linkClasses, QuietText } from './insight-card';

/** Totals, the median time to merge with its trend, and compliance: each links to its source. */
export function HeadlineFigures({ dashboard }: { dashboard: Dashboard }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { totals, timeToMerge, compliance } = dashboard;
  const trend = mergeTimeTrend(timeToMerge.current, timeToMerge.previous);
  const before = previousRange(dashboard.period.from, dashboard.period.days);
  const beforeDates = dayRangeLabels(before.from, before.to, locale);
  const totalsList = [
    { key: 'projects', value: totals.projects },
    { key: 'repositories', value: totals.repositories },
    { key: 'open_prs', value: totals.open_prs },
  ] as const;
  return (
    <>
      <InsightCard
        id="totals"
        title={t('dashboard.totals.title')}
        icon={<Layers className="size-4" />}
      >
        <dl className="grid grid-cols-3 gap-2">
          {totalsList.map(({ key, value }) => (
            <div key={key} className="flex min-w-0 flex-col gap-1">
              <dt className="text-xs text-slate-600 dark:text-slate-400">
                {t(`dashboard.totals.${key}`)}
              </dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid={`total-${key}`}>
                {key === 'open_prs' ? (
                  <ItemsButton
                    metric="open_prs"
                    label={t(`dashboard.totals.${key}`)}
                    count={value}
                    className={linkClasses}
                  >
                    {formatNumber(value, locale)}
                  </ItemsButton>
                ) : (
                  <Link to="/projects" className={linkClasses}>
                    {formatNumber(value, locale)}
                  </Link>
                )}
              </dd>
            </div>
          ))}
        </dl>
      </InsightCard>
      <InsightCard
        id="merge-time"
        title={t('dashboard.mergeTime.title')}
        icon={<Timer className="size-4" />}
      >
        {timeToMerge.current === null ? (
          <QuietText testId="merge-time-none">{t('dashboard.mergeTime.none')}</QuietText>
        ) : (
          <p className="text-2xl font-semibold tabular-nums" data-testid="merge-time">
            <ItemsButton metric="time_to_merge" label={t('dashboard.mergeTime.title')}>
              {formatHours(timeToMerge.current, locale)}
            </ItemsButton>
          </p>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="merge-time-trend">
          {trend === null
            ? t('dashboard.mergeTime.noTrend', beforeDates)
            : t(trend <= 0 ? 'dashboard.mergeTime.faster' : 'dashboard.mergeTime.slower', {
                ...beforeDates,
                change: formatRate(Math.abs(trend), locale),
                previous: formatHours(timeToMerge.previous ?? 0, locale),
              })}
        </p>
        {timeToMerge.previous !== null && (
          <ItemsButton
            metric="time_to_merge_previous"
            label={t('dashboard.mergeTime.previousList')}
            className="self-start text-xs"
          >
            {t('dashboard.mergeTime.previousList')}
          </ItemsButton>
        )}
      </InsightCard>
      <InsightCard
        id="compliance"
        title={t('dashboard.compliance.title')}
        icon={<Gauge className="size-4" />}
      >
        {compliance.compliance_rate === null ? (
          <QuietText testId="compliance-none">{t('dashboard.compliance.none')}</QuietText>
        ) : (
          <p className="text-2xl font-semibold tabular-nums" data-testid="compliance-rate">
            {formatRate(compliance.compliance_rate, locale)}
          </p>
        )}
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {t('dashboard.compliance.detail', {
            compliant: formatNumber(compliance.compliant, locale),
            total: formatNumber(compliance.total, locale),
          })}
        </p>
      </InsightCard>
    </>
  );
}

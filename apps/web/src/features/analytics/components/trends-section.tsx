import { TREND_FIGURES, type ProjectAnalytics, type Trends } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { formatHours, formatNumber, formatRate } from '../../../lib/format';
import { dayRangeLabels } from '../../../lib/period';
import { isRate, trendDelta, type TrendFigure } from '../model/trend';
import { NotMeasured, Section } from './figure';
import { Sparkline } from './sparkline';

const HOURS: ReadonlySet<TrendFigure> = new Set([
  'time_to_first_review',
  'review_time',
  'time_to_merge',
  'cycle_time',
]);

/** One figure's value as the tab writes it elsewhere: hours or days, a percentage, lines, a count. */
function useFormatFigure() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (figure: TrendFigure, value: number): string => {
    if (HOURS.has(figure)) return formatHours(value, locale);
    if (isRate(figure)) return formatRate(value, locale);
    if (figure === 'pr_size') return t('analytics.size.lines', { count: Math.round(value) });
    return formatNumber(value, locale);
  };
}

const TONE_CLASSES = {
  good: 'text-emerald-700 dark:text-emerald-400',
  bad: 'text-red-700 dark:text-red-400',
  neutral: 'text-slate-600 dark:text-slate-400',
} as const;

/** The change against the period before: ▲/▼ with the previous value and the percentage or points. */
export function TrendDeltaText({ figure, trends }: { figure: TrendFigure; trends: Trends }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = useFormatFigure();
  const current = trends.current[figure];
  const previous = trends.previous[figure];
  const delta = trendDelta(figure, current, previous);
  if (delta === null || previous === null)
    return (
      <p className={cn('text-xs', TONE_CLASSES.neutral)} data-testid={`trend-delta-${figure}`}>
        {t('analytics.trends.noPrevious')}
      </p>
    );
  const arrow = delta.direction === 'up' ? '▲' : delta.direction === 'down' ? '▼' : '=';
  const amount =
    delta.amount === null
      ? null
      : delta.unit === 'points'
        ? t('analytics.trends.points', { count: Number(delta.amount.toFixed(0)) })
        : formatRate(delta.amount, locale);
  return (
    <p
      className={cn('text-xs', TONE_CLASSES[delta.tone])}
      data-testid={`trend-delta-${figure}`}
      data-tone={delta.tone}
    >
      <span aria-hidden="true">{arrow} </span>
      {t(`analytics.trends.${delta.direction}`, {
        amount: amount ?? '',
        previous: format(figure, previous),
        context: amount === null ? 'noAmount' : undefined,
      })}
    </p>
  );
}

/**
 * The flow figures over the period's weeks or months (docs/metrics.md "Trends"), each against the
 * same-length period before.
 */
export function TrendsSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const format = useFormatFigure();
  const { trends } = analytics;
  const unit = t(`analytics.trends.${trends.granularity}`);
  return (
    <Section id="trends" title={t('analytics.trends.title', { unit })}>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="trends-previous">
        {t(
          'analytics.trends.previousPeriod',
          dayRangeLabels(trends.previous.from, trends.previous.to, locale),
        )}
      </p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {TREND_FIGURES.map((figure) => {
          const values = trends.buckets.map((bucket) => bucket[figure]);
          const known = values.filter((value): value is number => value !== null);
          const current = trends.current[figure];
          const name = t(`analytics.trends.figures.${figure}`);
          const summary =
            known.length === 0
              ? t('analytics.trends.lineEmpty', { name, unit })
              : t('analytics.trends.line', {
                  name,
                  unit,
                  first: format(figure, known[0]!),
                  last: format(figure, known.at(-1)!),
                });
          return (
            <div
              key={figure}
              className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
              data-testid={`trend-${figure}`}
            >
              <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{name}</dt>
              <dd className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-xl font-semibold tabular-nums">
                  {current === null ? <NotMeasured /> : format(figure, current)}
                </span>
                {known.length > 0 && (
                  <Sparkline values={values} label={summary} testId={`sparkline-${figure}`} />
                )}
              </dd>
              <dd>
                <TrendDeltaText figure={figure} trends={trends} />
              </dd>
            </div>
          );
        })}
      </dl>
    </Section>
  );
}

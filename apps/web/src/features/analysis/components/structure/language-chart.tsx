import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  Cell,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatBytes, formatNumber, formatPercent, formatShare } from '../../../../lib/format';
import type { LanguageDatum, LanguageMetric } from '../../model/structure-data';

interface TooltipProps {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: LanguageDatum }>;
}

/**
 * Language shares as horizontal bars in Linguist's colours. For screen readers the chart is one
 * image with a summary; the table beside it has every figure.
 */
export function LanguageChart({ data, metric }: { data: LanguageDatum[]; metric: LanguageMetric }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const summary = data
    .slice(0, 3)
    .map((datum) => `${datum.name} ${formatShare(datum.share, locale) ?? ''}`)
    .join(', ');
  const describe = (datum: LanguageDatum) =>
    metric === 'bytes'
      ? formatBytes(datum.value, locale)
      : t('analysis.structure.codeLinesCount', {
          count: datum.value,
          formatted: formatNumber(datum.value, locale),
        });
  const renderTooltip = ({ active, payload }: TooltipProps) => {
    const datum = payload?.[0]?.payload;
    if (!active || !datum) return null;
    return (
      <div className="rounded-md border border-slate-200 bg-white px-2 py-1 text-xs text-slate-900 shadow dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
        <p className="font-semibold">{datum.name}</p>
        <p>
          {formatShare(datum.share, locale)} · {describe(datum)}
        </p>
      </div>
    );
  };
  return (
    <div
      role="img"
      aria-label={t(`analysis.structure.chartLabel.${metric}`, { summary })}
      className="w-full text-slate-700 dark:text-slate-300"
      style={{ height: 48 + data.length * 32 }}
      data-testid="language-chart"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={data}
          layout="vertical"
          margin={{ top: 4, right: 56, bottom: 4, left: 4 }}
          accessibilityLayer={false}
        >
          <XAxis
            type="number"
            domain={[0, 100]}
            tickFormatter={(value: number) => formatPercent(value, locale, 0)}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
          />
          <YAxis
            type="category"
            dataKey="name"
            width={112}
            tick={{ fill: 'currentColor', fontSize: 12 }}
            stroke="currentColor"
          />
          <Tooltip content={renderTooltip} cursor={{ fill: 'rgba(148, 163, 184, 0.15)' }} />
          <Bar dataKey="share" isAnimationActive={false} radius={[0, 4, 4, 0]}>
            {data.map((datum) => (
              <Cell key={datum.name} fill={datum.color} stroke="rgba(100, 116, 139, 0.6)" />
            ))}
            <LabelList
              dataKey="share"
              position="right"
              fill="currentColor"
              fontSize={12}
              formatter={(value: unknown) => formatShare(Number(value), locale) ?? ''}
            />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

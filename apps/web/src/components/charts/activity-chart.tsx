import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDay, formatNumber } from '../../lib/format';
import { ChartLegend } from './chart-legend';
import type { ChartRow, ChartSeries } from './chart-types';

export interface ActivityChartProps {
  rows: ChartRow[];
  series: ChartSeries[];
  locale: string;
}

/**
 * Daily counts as lines. Its own module so Recharts is a chunk fetched only where a chart shows
 * (see lazy-activity-chart.tsx); screen readers get the table beside it, so the drawing is hidden
 * from them.
 */
export default function ActivityChart({ rows, series, locale }: ActivityChartProps) {
  return (
    <div aria-hidden="true" className="h-64 w-full text-slate-700 dark:text-slate-300">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart
          data={rows}
          margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke="rgba(148, 163, 184, 0.3)" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(day: string) => formatDay(day, locale)}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="currentColor"
            minTickGap={24}
          />
          <YAxis
            allowDecimals={false}
            tickFormatter={(value: number) => formatNumber(value, locale)}
            tick={{ fill: 'currentColor', fontSize: 11 }}
            stroke="currentColor"
            width={48}
          />
          <Tooltip
            labelFormatter={(day) => formatDay(String(day), locale)}
            formatter={(value) => formatNumber(Number(value), locale)}
            contentStyle={{ fontSize: 12 }}
          />
          <Legend itemSorter={null} content={({ payload }) => <ChartLegend payload={payload} />} />
          {series.map((line) => (
            <Line
              key={line.key}
              type="linear"
              dataKey={line.key}
              name={line.label}
              stroke={line.color}
              strokeWidth={2}
              dot={false}
              connectNulls={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

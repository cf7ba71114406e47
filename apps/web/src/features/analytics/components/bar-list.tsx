import { useTranslation } from 'react-i18next';
import { ItemsButton } from '../../../components/items/items-scope';
import { formatNumber, formatShare } from '../../../lib/format';
import { ChartOrTable } from './chart-or-table';

export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** The items list this count opens. */
  metric?: string;
}

/**
 * Counts as horizontal bars drawn with CSS (no chart library needed for a breakdown), each with
 * its count and share; the same figures as a table for screen readers. An all-zero breakdown
 * shows its empty text instead of empty bars.
 */
export function BarList({
  items,
  caption,
  columns,
  empty,
  testId,
  formatValue,
}: {
  items: BarItem[];
  caption: string;
  /** The table's two column headings: what is counted, and the count. */
  columns: [string, string];
  empty: string;
  testId: string;
  /** The count with its unit ("12.388 satır"), where the heading alone does not say what it counts. */
  formatValue?: (value: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const total = items.reduce((sum, item) => sum + item.value, 0);
  if (total === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    );
  }
  const largest = Math.max(...items.map((item) => item.value));
  const share = (value: number) => formatShare((value / total) * 100, locale, 0);
  const count = (value: number) => formatValue?.(value) ?? formatNumber(value, locale);
  return (
    <ChartOrTable
      chart={
        <ul aria-hidden="true" className="flex flex-col gap-2" data-testid={testId}>
          {items.map((item) => (
            <li key={item.key} className="flex flex-col gap-1 text-sm">
              <span className="flex justify-between gap-2">
                <span className="min-w-0 truncate">{item.label}</span>
                <span className="shrink-0 tabular-nums">
                  {item.metric && item.value > 0 ? (
                    <ItemsButton metric={item.metric} label={item.label} count={item.value} hidden>
                      {[count(item.value), share(item.value)].filter(Boolean).join(' · ')}
                    </ItemsButton>
                  ) : (
                    [count(item.value), share(item.value)].filter(Boolean).join(' · ')
                  )}
                </span>
              </span>
              <span className="h-2 w-full rounded bg-slate-100 dark:bg-slate-800">
                <span
                  className="block h-2 rounded bg-indigo-500"
                  style={{ width: `${(item.value / largest) * 100}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      }
      table={{
        caption,
        columns: [...columns, t('analytics.share')],
        rows: items.map((item) => ({
          key: item.key,
          cells: [
            item.label,
            item.metric && item.value > 0 ? (
              <ItemsButton metric={item.metric} label={item.label} count={item.value}>
                {formatNumber(item.value, locale)}
              </ItemsButton>
            ) : (
              formatNumber(item.value, locale)
            ),
            share(item.value) ?? '',
          ],
        })),
        testId: `${testId}-table`,
      }}
    />
  );
}

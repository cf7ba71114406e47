import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export interface DataTableProps {
  caption: string;
  columns: string[];
  /** Each row's cells in column order; the first cell names the row. */
  rows: Array<{ key: string; cells: ReactNode[] }>;
  /** Hidden from the eye (still read by screen readers) while the chart it mirrors shows. */
  visuallyHidden?: boolean;
  testId?: string;
}

/**
 * A chart's figures as a table: what screen readers read instead of the drawing, and what anyone
 * can switch to. Scrolls inside itself on a phone, never the page.
 */
export function DataTable({
  caption,
  columns,
  rows,
  visuallyHidden = false,
  testId,
}: DataTableProps) {
  const { t } = useTranslation();
  return (
    <div
      className={cn(visuallyHidden ? 'sr-only' : 'relative max-w-full overflow-x-auto')}
      data-testid={testId}
      // A box that may scroll sideways on a phone must be reachable by keyboard to be scrolled. Its
      // name says it is the table, not the section around it, which often has the same title
      // (axe: landmark-unique).
      {...(visuallyHidden
        ? {}
        : { role: 'region', 'aria-label': t('common.tableOf', { name: caption }), tabIndex: 0 })}
    >
      <table className="w-full min-w-max text-left text-sm tabular-nums">
        <caption className={cn(visuallyHidden ? '' : 'sr-only')}>{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            {columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={cn('px-2 py-1 font-medium', index > 0 && 'text-right')}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className="border-b border-slate-100 last:border-0 dark:border-slate-800"
            >
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-2 py-1 font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-2 py-1 text-right">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableProps } from '../../../components/charts/data-table';
import { Button } from '../../../components/ui/button';

/**
 * A chart with its table: screen readers always read the table (hidden from the eye while the
 * chart shows); anyone can switch to the table, which also suits a narrow phone.
 */
export function ChartOrTable({
  chart,
  table,
}: {
  chart: ReactNode;
  table: Omit<DataTableProps, 'visuallyHidden'>;
}) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {!asTable && chart}
      <DataTable {...table} visuallyHidden={!asTable} />
      <Button
        variant="ghost"
        className="self-start"
        aria-pressed={asTable}
        onClick={() => setAsTable((value) => !value)}
      >
        {t('analytics.chart.showTable')}
      </Button>
    </div>
  );
}

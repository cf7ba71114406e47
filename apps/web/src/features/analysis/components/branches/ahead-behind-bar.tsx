import { useTranslation } from 'react-i18next';

/**
 * Behind grows to the left of the centre line, ahead to the right, both scaled to the largest
 * count in the table, so a glance down the column compares branches. The numbers are always
 * written beside the bars; the bars themselves are decoration.
 */
export function AheadBehindBar({
  ahead,
  behind,
  max,
}: {
  ahead: number;
  behind: number;
  max: number;
}) {
  const { t } = useTranslation();
  const width = (value: number) =>
    max > 0 ? `${Math.max(value > 0 ? 4 : 0, (value / max) * 100)}%` : '0%';
  return (
    <div
      className="flex items-center gap-2"
      title={t('analysis.branches.aheadBehindTitle', { ahead, behind })}
    >
      <span className="w-10 text-right text-xs tabular-nums text-slate-700 dark:text-slate-300">
        <span className="sr-only">{t('analysis.branches.columns.behind')}: </span>
        {behind}
      </span>
      <span className="flex h-2.5 w-28 shrink-0" aria-hidden="true">
        <span className="flex h-full w-1/2 justify-end bg-slate-100 dark:bg-slate-800">
          <span
            className="h-full rounded-l-sm bg-amber-500 dark:bg-amber-400"
            style={{ width: width(behind) }}
          />
        </span>
        <span className="h-full w-px bg-slate-400 dark:bg-slate-500" />
        <span className="flex h-full w-1/2 bg-slate-100 dark:bg-slate-800">
          <span
            className="h-full rounded-r-sm bg-emerald-600 dark:bg-emerald-400"
            style={{ width: width(ahead) }}
          />
        </span>
      </span>
      <span className="w-10 text-xs tabular-nums text-slate-700 dark:text-slate-300">
        <span className="sr-only">{t('analysis.branches.columns.ahead')}: </span>
        {ahead}
      </span>
    </div>
  );
}

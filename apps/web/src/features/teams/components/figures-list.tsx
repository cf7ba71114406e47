import type { FlowStat, PersonFigures } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatHours } from '../../../lib/format';

/** One person's own figures as a list of terms (never beside anyone else's). */
export function FiguresList({ figures }: { figures: PersonFigures }) {
  const { t, i18n } = useTranslation();
  const hours = (stat: FlowStat) =>
    stat.median === null ? t('teams.figures.none') : formatHours(stat.median, i18n.language);
  const rows: Array<[string, string]> = [
    [t('teams.figures.opened'), String(figures.prs_opened)],
    [t('teams.figures.merged'), String(figures.prs_merged)],
    [t('teams.figures.reviews'), String(figures.reviews)],
    [
      t('teams.figures.commits'),
      figures.commits === null ? t('teams.figures.commitsUnknown') : String(figures.commits),
    ],
    [t('teams.figures.timeToFirstReview'), hours(figures.time_to_first_review)],
    [t('teams.figures.timeToMerge'), hours(figures.time_to_merge)],
    [t('teams.figures.cycleTime'), hours(figures.cycle_time)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
      {rows.map(([term, value]) => (
        <div
          key={term}
          className="flex justify-between gap-3 border-b border-slate-100 py-1 dark:border-slate-800"
        >
          <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

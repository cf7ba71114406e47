import type { StructureAnalysis } from '@rota/contracts';
import { STRUCTURE_CATEGORIES } from '../../model/enums';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../../../lib/format';
import { useScopedId } from '../id-scope';
import { SectionCard, StatTile } from '../stat-tile';

const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-700 uppercase dark:text-slate-300';
const num = 'px-3 py-2 text-right tabular-nums';

/**
 * The whole tree in figures, then per category: code counts toward the languages; vendored,
 * generated, documentation and binary files are kept apart, as GitHub keeps them off its bar.
 */
export function StructureTotals({ structure }: { structure: StructureAnalysis }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { totals } = structure;
  const captionId = useScopedId('structure-categories');
  return (
    <SectionCard id="structure-totals" title={t('analysis.structure.totalsTitle')}>
      <dl
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6"
        data-testid="structure-totals"
      >
        <StatTile
          label={t('analysis.structure.totals.files')}
          value={formatNumber(totals.files, locale)}
        />
        <StatTile
          label={t('analysis.structure.totals.size')}
          value={formatBytes(totals.bytes, locale)}
        />
        <StatTile
          label={t('analysis.structure.totals.lines')}
          value={formatNumber(totals.lines, locale)}
        />
        <StatTile
          label={t('analysis.structure.totals.code')}
          value={formatNumber(totals.code, locale)}
        />
        <StatTile
          label={t('analysis.structure.totals.comment')}
          value={formatNumber(totals.comment, locale)}
        />
        <StatTile
          label={t('analysis.structure.totals.blank')}
          value={formatNumber(totals.blank, locale)}
        />
      </dl>
      <div
        className="relative overflow-x-auto"
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
      >
        <table className="w-full min-w-[32rem] text-sm">
          <caption id={captionId} className="py-1 text-left text-sm font-medium">
            {t('analysis.structure.categoriesTitle')}
          </caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className={th}>
                {t('analysis.structure.columns.category')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('analysis.structure.columns.files')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('analysis.structure.columns.size')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('analysis.structure.columns.lines')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {STRUCTURE_CATEGORIES.map((category) => {
              const tally = structure.categories[category];
              return (
                <tr
                  key={category}
                  className={tally.files === 0 ? 'text-slate-500 dark:text-slate-400' : undefined}
                >
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {t(`analysis.structure.categories.${category}`)}
                  </th>
                  <td className={num}>{formatNumber(tally.files, locale)}</td>
                  <td className={num}>{formatBytes(tally.bytes, locale)}</td>
                  <td className={num}>{formatNumber(tally.lines, locale)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </SectionCard>
  );
}

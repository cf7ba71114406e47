import type { StructureAnalysis } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber } from '../../../../lib/format';
import { SectionCard } from '../stat-tile';

const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-700 uppercase dark:text-slate-300';
const num = 'px-3 py-2 text-right tabular-nums';

/** The largest files, and how many files were binary, too large to count, links or submodules. */
export function LargestFiles({ structure }: { structure: StructureAnalysis }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const extras = [
    t('analysis.structure.binaryFiles', { count: structure.binaryFiles.total }),
    t('analysis.structure.largeFiles', { count: structure.largeFiles.total }),
    t('analysis.structure.symlinks', { count: structure.symlinks.total }),
    t('analysis.structure.submodules', { count: structure.submodules.total }),
  ];
  return (
    <SectionCard id="structure-largest" title={t('analysis.structure.largestTitle')}>
      <div className="relative overflow-x-auto" tabIndex={0}>
        <table className="w-full min-w-[36rem] text-sm" data-testid="largest-files">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className={th}>
                {t('analysis.structure.columns.path')}
              </th>
              <th scope="col" className={th}>
                {t('analysis.structure.columns.language')}
              </th>
              <th scope="col" className={th}>
                {t('analysis.structure.columns.category')}
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
            {structure.largestFiles.map((file) => (
              <tr key={file.path}>
                <th
                  scope="row"
                  className="px-3 py-2 text-left font-mono text-xs font-normal break-all"
                >
                  {file.path}
                </th>
                <td className="px-3 py-2">{file.language ?? '—'}</td>
                <td className="px-3 py-2">{t(`analysis.structure.categories.${file.category}`)}</td>
                <td className={num}>{formatBytes(file.bytes, locale)}</td>
                <td className={num}>
                  {file.lines === null ? '—' : formatNumber(file.lines, locale)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-400">{extras.join(' · ')}</p>
    </SectionCard>
  );
}

import type { StructureLanguage } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatNumber, formatShare } from '../../../../lib/format';
import { FALLBACK_COLOR } from '../../model/structure-data';

const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-700 uppercase dark:text-slate-300';
const num = 'px-3 py-2 text-right tabular-nums';

/** Every language with every figure: the chart's accessible twin, and the place for the ones it leaves out. */
export function LanguageTable({
  languages,
  caption,
}: {
  languages: readonly StructureLanguage[];
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  // A language outside the shares says so; a zero share is left blank (lib/format's formatShare).
  const share = (value: number | null) =>
    value === null ? t('analysis.structure.notCounted') : (formatShare(value, locale) ?? '');
  return (
    <div className="relative overflow-x-auto" role="region" aria-label={caption} tabIndex={0}>
      <table className="w-full min-w-[40rem] text-sm" data-testid="language-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-800">
            <th scope="col" className={th}>
              {t('analysis.structure.columns.language')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('analysis.structure.columns.files')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('analysis.structure.columns.size')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('analysis.structure.columns.code')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('analysis.structure.columns.byteShare')}
            </th>
            <th scope="col" className={`${th} text-right`}>
              {t('analysis.structure.columns.codeShare')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {languages.map((language) => (
            <tr key={language.name}>
              <th scope="row" className="px-3 py-2 text-left font-medium">
                <span className="inline-flex items-center gap-2">
                  <span
                    className="size-3 shrink-0 rounded-full border border-slate-400/60"
                    style={{ backgroundColor: language.color ?? FALLBACK_COLOR }}
                    aria-hidden="true"
                  />
                  {language.name}
                  {language.members.length > 0 && (
                    <span className="text-xs font-normal text-slate-600 dark:text-slate-400">
                      ({language.members.join(', ')})
                    </span>
                  )}
                </span>
              </th>
              <td className={num}>{formatNumber(language.files, locale)}</td>
              <td className={num}>{formatBytes(language.bytes, locale)}</td>
              <td className={num}>{formatNumber(language.code, locale)}</td>
              <td className={num}>{share(language.byteShare)}</td>
              <td className={num}>{share(language.codeShare)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import type { TestsReport } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../../lib/format';
import { SectionCard, StatTile } from '../stat-tile';

/** Test files and the test-to-code ratio; a ratio that could not be computed says why. */
export function TestsCard({ tests }: { tests: TestsReport }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const lines = (value: number | null) =>
    value === null ? t('analysis.structure.notComputed') : formatNumber(value, locale);
  return (
    <SectionCard id="structure-tests" title={t('analysis.structure.testsTitle')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="tests-summary">
        <StatTile
          label={t('analysis.structure.testFiles')}
          value={formatNumber(tests.files, locale)}
        />
        <StatTile
          label={t('analysis.structure.testCodeLines')}
          value={lines(tests.testCodeLines)}
        />
        <StatTile label={t('analysis.structure.codeLines')} value={lines(tests.codeLines)} />
        <StatTile
          label={t('analysis.structure.testRatio')}
          value={
            tests.ratio === null
              ? t('analysis.structure.notComputed')
              : formatNumber(tests.ratio, locale, 2)
          }
          hint={
            tests.ratio === null
              ? tests.ratioUnavailable &&
                t(`analysis.structure.ratioUnavailable.${tests.ratioUnavailable}`)
              : t('analysis.structure.ratioHint', {
                  lines: formatNumber(tests.ratio * 100, locale),
                })
          }
        />
      </dl>
      {tests.byLanguage.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {tests.byLanguage
            .map((language) =>
              t('analysis.structure.testLanguage', {
                language: language.language,
                count: language.files,
              }),
            )
            .join(' · ')}
        </p>
      )}
      {tests.directories.length > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('analysis.structure.testDirectories')}{' '}
          {tests.directories.map((dir) => (
            <code key={dir} className="mr-2 font-mono text-xs">
              {dir}
            </code>
          ))}
        </p>
      )}
    </SectionCard>
  );
}

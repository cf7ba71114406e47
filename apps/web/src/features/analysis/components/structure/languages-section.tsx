import type { StructureLanguage } from '@rota/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../../lib/cn';
import { languageChartData, type LanguageMetric } from '../../model/structure-data';
import { SectionCard } from '../stat-tile';
import { LanguageChart } from './language-chart';
import { LanguageTable } from './language-table';

const METRICS: readonly LanguageMetric[] = ['bytes', 'code'];

export function LanguagesSection({ languages }: { languages: readonly StructureLanguage[] }) {
  const { t } = useTranslation();
  const [metric, setMetric] = useState<LanguageMetric>('bytes');
  const data = useMemo(
    () => languageChartData(languages, metric, t('analysis.structure.otherLanguages')),
    [languages, metric, t],
  );
  const toggle = (
    <div
      role="group"
      aria-label={t('analysis.structure.measure')}
      className="inline-flex rounded-md border border-slate-300 p-0.5 dark:border-slate-700"
    >
      {METRICS.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={metric === option}
          onClick={() => setMetric(option)}
          className={cn(
            'rounded px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600',
            metric === option
              ? 'bg-indigo-600 text-white'
              : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
          )}
        >
          {t(`analysis.structure.by.${option}`)}
        </button>
      ))}
    </div>
  );
  return (
    <SectionCard
      id="structure-languages"
      title={t('analysis.structure.languagesTitle')}
      actions={toggle}
    >
      {data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('analysis.structure.noLanguages')}
        </p>
      ) : (
        <LanguageChart data={data} metric={metric} />
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('analysis.structure.sharesNote')}
      </p>
      {languages.length > 0 && (
        <LanguageTable languages={languages} caption={t('analysis.structure.languagesTable')} />
      )}
    </SectionCard>
  );
}

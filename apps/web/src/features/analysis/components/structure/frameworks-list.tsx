import type { Framework } from '@rota/contracts';
import { FRAMEWORK_CATEGORIES } from '../../model/enums';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../stat-tile';

/** Frameworks and tools recognised from manifests and config files, grouped by what they are for. */
export function FrameworksList({ frameworks }: { frameworks: readonly Framework[] }) {
  const { t } = useTranslation();
  const groups = FRAMEWORK_CATEGORIES.map((category) => ({
    category,
    items: frameworks.filter((framework) => framework.category === category),
  })).filter((group) => group.items.length > 0);
  return (
    <SectionCard id="structure-frameworks" title={t('analysis.structure.frameworksTitle')}>
      {groups.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('analysis.structure.noFrameworks')}
        </p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="frameworks">
          {groups.map(({ category, items }) => (
            <div key={category} className="flex flex-col gap-1.5">
              <dt className="text-xs font-semibold text-slate-600 uppercase dark:text-slate-400">
                {t(`analysis.structure.frameworkCategories.${category}`)}
              </dt>
              <dd className="flex flex-wrap gap-1.5">
                {items.map((framework) => (
                  <span
                    key={framework.name}
                    title={t('analysis.structure.foundIn', {
                      files: framework.evidence.join(', '),
                    })}
                    className="inline-flex items-center gap-1 rounded-md border border-slate-200 px-2 py-0.5 text-sm dark:border-slate-700"
                  >
                    {framework.name}
                    {framework.version && (
                      <span className="font-mono text-xs text-slate-600 dark:text-slate-400">
                        {framework.version}
                      </span>
                    )}
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}

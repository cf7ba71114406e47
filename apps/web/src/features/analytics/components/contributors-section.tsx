import type { ProjectAnalytics } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/charts/data-table';
import { formatNumber } from '../../../lib/format';
import { Section } from './figure';

/** The most active people (and bots and agents, by the filter) of the period. */
export function ContributorsSection({ analytics }: { analytics: ProjectAnalytics }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { topContributors, totalContributors } = analytics.contributors;
  const count = (value: number | null) =>
    value === null ? t('analytics.notMeasured') : formatNumber(value, locale);
  return (
    <Section id="contributors" title={t('analytics.contributors.title')}>
      {topContributors.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="contributors-empty">
          {t('analytics.contributors.empty')}
        </p>
      ) : (
        <DataTable
          testId="contributors-table"
          caption={t('analytics.contributors.title')}
          columns={[
            t('analytics.contributors.name'),
            t('analytics.contributors.prsOpened'),
            t('analytics.contributors.prsMerged'),
            t('analytics.contributors.reviews'),
            t('analytics.activity.commits'),
          ]}
          rows={topContributors.map((person) => ({
            key: `${person.kind}:${person.name}`,
            cells: [
              <span key="name" className="flex flex-col">
                <span className="break-all">{person.name}</span>
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {t(`analytics.kind.${person.kind}`)}
                </span>
              </span>,
              count(person.prs_opened),
              count(person.prs_merged),
              count(person.reviews),
              count(person.commits),
            ],
          }))}
        />
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('analytics.contributors.total', { count: totalContributors })}
      </p>
    </Section>
  );
}

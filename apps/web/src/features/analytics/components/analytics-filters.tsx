import { ANALYTICS_PERIODS } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import type { AnalyticsFilters } from '../api/analytics-keys';
import { AUTHOR_OPTIONS, filtersFromSearch, withFilter } from '../model/filters';

/** The period and author kind, kept in the address so a link opens the same view. */
export function useAnalyticsFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromSearch(params);
  const set = <Name extends keyof AnalyticsFilters>(name: Name, value: AnalyticsFilters[Name]) =>
    setParams((current) => withFilter(current, name, value), { replace: true });
  return { filters, set };
}

export function AnalyticsFiltersBar({ filters, set }: ReturnType<typeof useAnalyticsFilters>) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-6">
      <SegmentedRadios
        legend={t('analytics.filters.period')}
        testId="analytics-period"
        options={ANALYTICS_PERIODS.map((days) => ({
          value: days,
          label: t('analytics.filters.days', { count: days }),
        }))}
        value={filters.days}
        onChange={(days) => set('days', days)}
      />
      <SegmentedRadios
        legend={t('analytics.filters.authors')}
        testId="analytics-authors"
        options={AUTHOR_OPTIONS.map((authors) => ({
          value: authors,
          label: t(`analytics.filters.authorKinds.${authors}`),
        }))}
        value={filters.authors}
        onChange={(authors) => set('authors', authors)}
      />
    </div>
  );
}

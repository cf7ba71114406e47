import type { AnalyticsAuthors } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import { PeriodPicker, usePeriodParam } from '../../../components/period/period-picker';
import { SelectField } from '../../../components/ui/field';
import { useProjectTeams } from '../api/get-project-teams';
import { AUTHOR_OPTIONS, filtersFromSearch, withFilter } from '../model/filters';

/** The period, author kind and team, kept in the address so a link opens the same view. */
export function useAnalyticsFilters() {
  const [params, setParams] = useSearchParams();
  const { setPeriod } = usePeriodParam();
  const filters = filtersFromSearch(params);
  const setAuthors = (authors: AnalyticsAuthors) =>
    setParams((current) => withFilter(current, 'authors', authors), { replace: true });
  const setTeam = (team: string | undefined) =>
    setParams((current) => withFilter(current, 'team', team), { replace: true });
  return { filters, setPeriod, setAuthors, setTeam };
}

export function AnalyticsFiltersBar({
  projectId,
  timeZone,
  filters,
  setPeriod,
  setAuthors,
  setTeam,
}: ReturnType<typeof useAnalyticsFilters> & {
  projectId: string;
  /** The user's time zone the server cut the period in, once an answer names it. */
  timeZone?: string | undefined;
}) {
  const { t } = useTranslation();
  const teams = useProjectTeams(projectId).data ?? [];
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:gap-6">
      <PeriodPicker
        value={filters.period}
        onChange={setPeriod}
        timeZone={timeZone}
        testId="analytics-period"
      />
      <SegmentedRadios
        legend={t('analytics.filters.authors')}
        testId="analytics-authors"
        options={AUTHOR_OPTIONS.map((authors) => ({
          value: authors,
          label: t(`analytics.filters.authorKinds.${authors}`),
        }))}
        value={filters.authors}
        onChange={setAuthors}
      />
      {teams.length > 0 && (
        <SelectField
          label={t('analytics.filters.team')}
          value={filters.team ?? ''}
          onChange={(event) => setTeam(event.target.value || undefined)}
          className="sm:w-48"
          data-testid="analytics-team"
        >
          <option value="">{t('analytics.filters.everyone')}</option>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
      )}
    </div>
  );
}

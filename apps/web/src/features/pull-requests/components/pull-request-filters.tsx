import { PullRequestStateFilterSchema } from '@rota/contracts';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClasses } from '../../../components/ui/field';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import { cn } from '../../../lib/cn';
import type { PullRequestFilterState } from './use-pull-request-filters';

const STATES = PullRequestStateFilterSchema.options;

/** State as the shared segmented radios, and a search box. */
export function PullRequestFiltersBar({ filters }: { filters: PullRequestFilterState }) {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <SegmentedRadios
        legend={t('pullRequests.filters.state')}
        options={STATES.map((state) => ({
          value: state,
          label: t(`pullRequests.filters.states.${state}`),
        }))}
        value={filters.filters.state}
        onChange={filters.setState}
        testId="pr-state-filter"
      />
      <form
        role="search"
        className="flex min-w-0 flex-1 flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          filters.applySearchNow();
        }}
      >
        <label
          htmlFor={searchId}
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('pullRequests.filters.search')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
            aria-hidden="true"
          />
          <input
            id={searchId}
            type="search"
            value={filters.searchInput}
            onChange={(event) => filters.setSearchInput(event.target.value)}
            placeholder={t('pullRequests.filters.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            maxLength={200}
            className={cn(
              controlClasses(false),
              'pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden',
            )}
          />
          {filters.searchInput && (
            <button
              type="button"
              onClick={() => filters.setSearchInput('')}
              aria-label={t('pullRequests.filters.clearSearch')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

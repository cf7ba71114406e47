import { PullRequestStateFilterSchema } from '@rota/contracts';
import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClasses } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import type { PullRequestFilterState } from './use-pull-request-filters';

const STATES = PullRequestStateFilterSchema.options;

/**
 * State as a segmented control built on native radio buttons (one tab stop, arrow keys move and
 * choose, screen readers hear "radio, 2 of 4"), and a search box.
 */
export function PullRequestFiltersBar({ filters }: { filters: PullRequestFilterState }) {
  const { t } = useTranslation();
  const name = useId();
  const searchId = useId();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <fieldset className="flex min-w-0 flex-col gap-1.5">
        <legend className="mb-1.5 text-sm font-medium text-slate-800 dark:text-slate-200">
          {t('pullRequests.filters.state')}
        </legend>
        <div
          className="inline-flex max-w-full flex-wrap items-center gap-0.5 self-start rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-700 dark:bg-slate-900"
          data-testid="pr-state-filter"
        >
          {STATES.map((state) => (
            <label key={state} className="relative">
              <input
                type="radio"
                name={name}
                value={state}
                checked={filters.filters.state === state}
                onChange={() => filters.setState(state)}
                className="peer sr-only"
              />
              <span
                className={cn(
                  'inline-flex min-h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium',
                  'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                  'peer-checked:bg-indigo-600 peer-checked:text-white peer-checked:hover:bg-indigo-600',
                  'dark:peer-checked:bg-indigo-400 dark:peer-checked:text-slate-950',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-indigo-600',
                )}
              >
                {t(`pullRequests.filters.states.${state}`)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
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

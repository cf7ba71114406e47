import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { controlClasses, SelectField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { STATUS_FILTERS, type ProjectStatusFilter } from '../api/query-keys';
import type { useListFilters } from './use-list-filters';

type Filters = ReturnType<typeof useListFilters>;

export function ProjectFiltersBar({ filters }: { filters: Filters }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <form
        role="search"
        className="flex flex-1 flex-col gap-1.5"
        onSubmit={(event) => {
          event.preventDefault();
          filters.applySearchNow();
        }}
      >
        <label
          htmlFor="project-search"
          className="text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('projects.filters.search')}
        </label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
            aria-hidden="true"
          />
          <input
            id="project-search"
            type="search"
            value={filters.searchInput}
            onChange={(event) => filters.setSearchInput(event.target.value)}
            placeholder={t('projects.filters.searchPlaceholder')}
            autoComplete="off"
            className={cn(
              controlClasses(false),
              'pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden',
            )}
          />
          {filters.searchInput && (
            <button
              type="button"
              onClick={() => filters.setSearchInput('')}
              aria-label={t('projects.filters.clearSearch')}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          )}
        </div>
      </form>
      <SelectField
        label={t('projects.filters.status')}
        className="sm:w-48"
        value={filters.filters.status}
        onChange={(event) => filters.setStatus(event.target.value as ProjectStatusFilter)}
      >
        {STATUS_FILTERS.map((status) => (
          <option key={status} value={status}>
            {status === 'all' ? t('projects.filters.allStatuses') : t(`projects.status.${status}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

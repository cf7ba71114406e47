import type { PullRequestStateFilter } from '@rota/contracts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PULL_REQUEST_FILTERS, type PullRequestFilters } from '../api/pull-request-keys';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The tab's filters: state (open by default), search (asked for 300 ms after the last keystroke,
 * at once on Enter) and page. A new state or search starts again on the first page. A link may
 * name a search (`?q=#12`, what a notification links to): it is searched in every state, as the
 * pull request it names may be merged by now.
 */
export function usePullRequestFilters() {
  const [params] = useSearchParams();
  const linked = (params.get('q') ?? '').trim();
  const [state, setStateValue] = useState<PullRequestStateFilter>(
    linked ? 'all' : DEFAULT_PULL_REQUEST_FILTERS.state,
  );
  const [searchInput, setSearchInput] = useState(linked);
  const [search, setSearch] = useState(linked);
  const [page, setPage] = useState(1);

  const wanted = searchInput.trim();
  useEffect(() => {
    if (wanted === search) return;
    const timer = setTimeout(() => {
      setSearch(wanted);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, search]);

  const filters: PullRequestFilters = { state, search, page };
  return {
    filters,
    searchInput,
    setSearchInput,
    applySearchNow: () => {
      setSearch(wanted);
      setPage(1);
    },
    setState: (value: PullRequestStateFilter) => {
      setStateValue(value);
      setPage(1);
    },
    setPage,
    isFiltered: state !== DEFAULT_PULL_REQUEST_FILTERS.state || search !== '',
    clear: () => {
      setStateValue(DEFAULT_PULL_REQUEST_FILTERS.state);
      setSearchInput('');
      setSearch('');
      setPage(1);
    },
  };
}

export type PullRequestFilterState = ReturnType<typeof usePullRequestFilters>;

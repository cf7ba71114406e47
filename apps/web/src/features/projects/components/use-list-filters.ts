import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { STATUS_FILTERS, type ProjectFilters, type ProjectStatusFilter } from '../api/query-keys';

export const SEARCH_DEBOUNCE_MS = 300;

const isStatusFilter = (value: string | null): value is ProjectStatusFilter =>
  (STATUS_FILTERS as readonly (string | null)[]).includes(value);

/**
 * The list filters live in the URL (`?q=…&status=…`), so a reload, a shared link or the back
 * button shows the same list. The search box updates the URL 300 ms after the last keystroke
 * (at once on Enter); the status filter at once.
 */
export function useListFilters() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filters: ProjectFilters = {
    search: (params.get('q') ?? '').trim(),
    status: isStatusFilter(status) ? status : 'all',
  };

  const setParam = useCallback(
    (name: 'q' | 'status', value: string, empty: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === empty) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // What the box shows can run ahead of the URL while the user types.
  const [searchInput, setSearchInput] = useState(filters.search);
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    // The URL changed under us (back button, "clear filters"): the box follows, unless the
    // change is only the trimmed echo of what is being typed.
    setUrlSearch(filters.search);
    if (searchInput.trim() !== filters.search) setSearchInput(filters.search);
  }

  const wanted = searchInput.trim();
  useEffect(() => {
    if (wanted === filters.search) return;
    const timer = setTimeout(() => setParam('q', wanted, ''), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [wanted, filters.search, setParam]);

  return {
    filters,
    searchInput,
    setSearchInput,
    applySearchNow: () => setParam('q', wanted, ''),
    setStatus: (value: ProjectStatusFilter) => setParam('status', value, 'all'),
    isFiltered: filters.search !== '' || filters.status !== 'all',
    clearFilters: () => {
      setSearchInput('');
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('q');
          next.delete('status');
          return next;
        },
        { replace: true },
      );
    },
  };
}

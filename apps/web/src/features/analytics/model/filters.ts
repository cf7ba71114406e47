import { AnalyticsAuthorsSchema, type AnalyticsAuthors } from '@rota/contracts';
import { DEFAULT_ANALYTICS_FILTERS, type AnalyticsFilters } from '../api/analytics-keys';
import { periodFromSearch } from '../../../lib/period';

export const AUTHOR_OPTIONS = AnalyticsAuthorsSchema.options;

/**
 * The filters as the address carries them (`?tab=analytics&days=90&authors=all&team=…`, or
 * `from`/`to` for a range); unknown → default.
 */
export function filtersFromSearch(params: URLSearchParams): AnalyticsFilters {
  const authors = AnalyticsAuthorsSchema.safeParse(params.get('authors'));
  const team = params.get('team');
  return {
    period: periodFromSearch(params),
    authors: authors.success ? authors.data : DEFAULT_ANALYTICS_FILTERS.authors,
    ...(team ? { team } : {}),
  };
}

/** Writes the author kind or the team into the address, leaving the defaults out so links stay short. */
export function withFilter(
  params: URLSearchParams,
  name: 'authors' | 'team',
  value: AnalyticsAuthors | string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '' || (name === 'authors' && value === 'humans'))
    next.delete(name);
  else next.set(name, value);
  return next;
}

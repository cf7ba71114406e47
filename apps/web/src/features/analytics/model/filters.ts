import {
  ANALYTICS_PERIODS,
  AnalyticsAuthorsSchema,
  type AnalyticsAuthors,
  type AnalyticsPeriod,
} from '@rota/contracts';
import { DEFAULT_ANALYTICS_FILTERS, type AnalyticsFilters } from '../api/analytics-keys';

export const AUTHOR_OPTIONS = AnalyticsAuthorsSchema.options;

/** The filters as the address carries them (`?tab=analytics&days=90&authors=all`); unknown → default. */
export function filtersFromSearch(params: URLSearchParams): AnalyticsFilters {
  const days = Number(params.get('days'));
  const authors = AnalyticsAuthorsSchema.safeParse(params.get('authors'));
  return {
    days: (ANALYTICS_PERIODS as readonly number[]).includes(days)
      ? (days as AnalyticsPeriod)
      : DEFAULT_ANALYTICS_FILTERS.days,
    authors: authors.success ? authors.data : DEFAULT_ANALYTICS_FILTERS.authors,
  };
}

/** Writes one filter into the address, leaving the defaults out so links stay short. */
export function withFilter(
  params: URLSearchParams,
  name: 'days' | 'authors',
  value: AnalyticsPeriod | AnalyticsAuthors,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === DEFAULT_ANALYTICS_FILTERS[name]) next.delete(name);
  else next.set(name, String(value));
  return next;
}

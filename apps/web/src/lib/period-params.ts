import { ANALYTICS_PERIODS, AnalyticsAuthorsSchema } from '@rota/contracts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The period, author kind and team a page keeps in its address (`days` or `from`/`to`, `authors`,
 * `team`), as the query parameters of a read that covers the same figures. A custom range wins
 * over `days`; anything unreadable falls back to the default (30 days of humans, no team).
 */
export function periodParamsFromSearch(
  search: URLSearchParams,
  { people = true }: { people?: boolean } = {},
): Record<string, string> {
  const params: Record<string, string> = {};
  const from = search.get('from');
  const to = search.get('to');
  const days = Number(search.get('days'));
  if (from && to && DAY.test(from) && DAY.test(to)) {
    params.from = from;
    params.to = to;
  } else {
    params.days = String((ANALYTICS_PERIODS as readonly number[]).includes(days) ? days : 30);
  }
  if (!people) return params;
  const authors = AnalyticsAuthorsSchema.safeParse(search.get('authors'));
  params.authors = authors.success ? authors.data : 'humans';
  const team = search.get('team');
  if (team && UUID.test(team)) params.team = team;
  return params;
}

import { NotificationListSchema, type NotificationList } from '@rota/contracts';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { NOTIFICATION_PATHS } from './paths';
import { notificationKeys, type NotificationFilters } from './query-keys';

/** How many the bell's panel shows. */
export const LATEST_COUNT = 10;

/** While the live stream is down, the count is asked for this often instead. */
export const COUNT_POLL_MS = 60_000;

/** GET /api/notifications: newest first, a page at a time; `unread` counts all of the user's. */
export function fetchNotifications(
  query: { limit?: number; before?: string; kind?: string; projectId?: string },
  signal?: AbortSignal,
): Promise<NotificationList> {
  return apiRequest(
    { method: 'GET', url: NOTIFICATION_PATHS.list, params: query, ...(signal ? { signal } : {}) },
    NotificationListSchema,
  );
}

export const latestQueryOptions = queryOptions({
  queryKey: notificationKeys.latest,
  queryFn: ({ signal }) => fetchNotifications({ limit: LATEST_COUNT }, signal),
});

/** The bell's list and count; polled only while the live stream is not connected. */
export function useLatestNotifications(poll: boolean) {
  return useQuery({ ...latestQueryOptions, refetchInterval: poll ? COUNT_POLL_MS : false });
}

export const pagesQueryOptions = (filters: NotificationFilters) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.pages(filters),
    queryFn: ({ signal, pageParam }) =>
      fetchNotifications(
        {
          ...(pageParam ? { before: pageParam } : {}),
          ...(filters.kind ? { kind: filters.kind } : {}),
          ...(filters.projectId ? { projectId: filters.projectId } : {}),
        },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useNotificationPages(filters: NotificationFilters) {
  return useInfiniteQuery(pagesQueryOptions(filters));
}

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, NotificationList } from '@rota/contracts';
import { LATEST_COUNT } from '../api/list-notifications';
import { notificationKeys, type NotificationFilters } from '../api/query-keys';

/**
 * What the live stream and a mark-read change in the cached lists, without asking the server
 * again: the bell's latest (which holds the unread count) and every filtered page of the page.
 */

type Pages = InfiniteData<NotificationList, string | null>;

const pagesRoot = [...notificationKeys.all, 'pages'] as const;

function filtersOf(key: readonly unknown[]): NotificationFilters {
  return {
    kind: (key[2] ?? null) as NotificationFilters['kind'],
    projectId: (key[3] ?? null) as string | null,
  };
}

const matches = (filters: NotificationFilters, item: Notification) =>
  (!filters.kind || filters.kind === item.kind) &&
  (!filters.projectId || filters.projectId === item.projectId);

/**
 * Whether the bell's list can take a change from the stream: not before it has arrived, nor while a
 * fetch begun before the change is under way (its answer could be older). Otherwise that fetch is
 * started again, and its answer has the change.
 */
function latestTakesChanges(client: QueryClient): boolean {
  const state = client.getQueryState(notificationKeys.latest);
  if (state?.data !== undefined && state.fetchStatus !== 'fetching') return true;
  void client.invalidateQueries({ queryKey: notificationKeys.latest });
  return false;
}

/** A new notification goes on top of every list it belongs to; the count grows when it is unread. */
export function prependNotification(client: QueryClient, item: Notification): void {
  if (latestTakesChanges(client))
    client.setQueryData<NotificationList>(notificationKeys.latest, (list) => {
      if (!list || list.items.some((known) => known.id === item.id)) return list;
      return {
        ...list,
        items: [item, ...list.items].slice(0, LATEST_COUNT),
        unread: list.unread + (item.readAt ? 0 : 1),
      };
    });
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: pagesRoot })) {
    const [first, ...rest] = data?.pages ?? [];
    if (!data || !first || !matches(filtersOf(key), item)) continue;
    if (data.pages.some((page) => page.items.some((known) => known.id === item.id))) continue;
    client.setQueryData<Pages>(key, {
      ...data,
      pages: [{ ...first, items: [item, ...first.items] }, ...rest],
    });
  }
}

/** The server's count of unread notifications. */
export function setUnread(client: QueryClient, unread: number): void {
  if (latestTakesChanges(client))
    client.setQueryData<NotificationList>(notificationKeys.latest, (list) =>
      list ? { ...list, unread } : list,
    );
}

export function unreadCount(client: QueryClient): number | undefined {
  return client.getQueryData<NotificationList>(notificationKeys.latest)?.unread;
}

/**
 * Marks `ids` (or all) read in every cached list at `readAt`, lowering the count by the ones that
 * were unread in the bell's list (all: to zero).
 */
export function markReadInCache(
  client: QueryClient,
  target: { ids: readonly string[] } | { all: true },
  readAt: string,
): void {
  const hit = (item: Notification) => 'all' in target || target.ids.includes(item.id);
  const mark = (items: Notification[]) =>
    items.map((item) => (!item.readAt && hit(item) ? { ...item, readAt } : item));
  client.setQueryData<NotificationList>(notificationKeys.latest, (list) => {
    if (!list) return list;
    if ('all' in target) return { ...list, items: mark(list.items), unread: 0 };
    const newlyRead = list.items.filter((item) => !item.readAt && hit(item)).length;
    const elsewhere = target.ids.filter((id) => !list.items.some((item) => item.id === id)).length;
    return {
      ...list,
      items: mark(list.items),
      unread: Math.max(0, list.unread - newlyRead - elsewhere),
    };
  });
  for (const [key, data] of client.getQueriesData<Pages>({ queryKey: pagesRoot })) {
    if (!data) continue;
    client.setQueryData<Pages>(key, {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: mark(page.items) })),
    });
  }
}

import type { InfiniteData } from '@tanstack/react-query';
import type { NotificationList } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import {
  listFixture,
  notificationFixture,
  OTHER_PROJECT_ID,
  PROJECT_ID,
} from '../../../test/notification-fixtures';
import { testQueryClient } from '../../../test/render';
import { notificationKeys } from '../api/query-keys';
import { markReadInCache, prependNotification, setUnread, unreadCount } from './cache';

type Pages = InfiniteData<NotificationList, string | null>;
const pagesOf = (list: NotificationList): Pages => ({ pages: [list], pageParams: [null] });
const ids = (client: ReturnType<typeof testQueryClient>, key: readonly unknown[]) =>
  client.getQueryData<Pages>(key)?.pages.flatMap((page) => page.items.map((item) => item.id));

describe('the notification cache', () => {
  it('puts a new one on top of the lists whose filter it matches, once, and counts it', () => {
    const client = testQueryClient();
    const old = notificationFixture();
    const all = notificationKeys.pages({ kind: null, projectId: null });
    const merged = notificationKeys.pages({ kind: 'prMerged', projectId: null });
    const here = notificationKeys.pages({ kind: null, projectId: PROJECT_ID });
    const there = notificationKeys.pages({ kind: null, projectId: OTHER_PROJECT_ID });
    client.setQueryData(notificationKeys.latest, listFixture([old]));
    for (const key of [all, merged, here, there])
      client.setQueryData(key, pagesOf(listFixture([])));

    const fresh = notificationFixture({ kind: 'prReviewed', projectId: PROJECT_ID });
    prependNotification(client, fresh);
    prependNotification(client, fresh);
    expect(client.getQueryData<NotificationList>(notificationKeys.latest)?.items).toEqual([
      fresh,
      old,
    ]);
    expect(unreadCount(client)).toBe(2);
    expect(client.getQueryState(notificationKeys.latest)?.isInvalidated).toBe(false);
    expect(ids(client, all)).toEqual([fresh.id]);
    expect(ids(client, here)).toEqual([fresh.id]);
    expect(ids(client, merged)).toEqual([]);
    expect(ids(client, there)).toEqual([]);
  });

  it('keeps the bell to its latest ten', () => {
    const client = testQueryClient();
    const ten = Array.from({ length: 10 }, () => notificationFixture());
    client.setQueryData(notificationKeys.latest, listFixture(ten));
    prependNotification(client, notificationFixture());
    expect(client.getQueryData<NotificationList>(notificationKeys.latest)?.items).toHaveLength(10);
    expect(unreadCount(client)).toBe(11);
  });

  it('refetches instead while the list is on its way, so nothing is lost', () => {
    const client = testQueryClient();
    // A fetch begun before the event: its answer may not have it.
    void client.prefetchQuery({
      queryKey: notificationKeys.latest,
      queryFn: () => new Promise<NotificationList>(() => {}),
    });
    prependNotification(client, notificationFixture());
    setUnread(client, 4);
    expect(unreadCount(client)).toBeUndefined();
    expect(client.getQueryState(notificationKeys.latest)?.isInvalidated).toBe(true);
  });

  it('marks read in every list and lowers the count by what was unread', () => {
    const client = testQueryClient();
    const a = notificationFixture();
    const b = notificationFixture();
    const read = notificationFixture({ readAt: '2026-01-01T00:00:00Z' });
    const all = notificationKeys.pages({ kind: null, projectId: null });
    client.setQueryData(notificationKeys.latest, listFixture([a, b, read]));
    client.setQueryData(all, pagesOf(listFixture([a, b, read])));

    markReadInCache(client, { ids: [a.id, read.id] }, '2026-02-02T00:00:00Z');
    expect(unreadCount(client)).toBe(1);
    const pageItems = client.getQueryData<Pages>(all)!.pages[0]!.items;
    expect(pageItems.map((item) => item.readAt)).toEqual([
      '2026-02-02T00:00:00Z',
      null,
      '2026-01-01T00:00:00Z',
    ]);

    markReadInCache(client, { all: true }, '2026-03-03T00:00:00Z');
    expect(unreadCount(client)).toBe(0);
    expect(client.getQueryData<Pages>(all)!.pages[0]!.items[1]!.readAt).toBe(
      '2026-03-03T00:00:00Z',
    );
  });
});

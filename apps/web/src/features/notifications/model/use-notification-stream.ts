import { NotificationSchema, UnreadCountSchema } from '@rota/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE_URL } from '../../../lib/api-config';
import { getToken, onSessionEvent } from '../../../lib/session';
import { latestQueryOptions } from '../api/list-notifications';
import { NOTIFICATION_PATHS } from '../api/paths';
import { notificationKeys } from '../api/query-keys';
import { prependNotification, setUnread } from './cache';
import type { StreamEvent } from './event-stream-parser';
import { openNotificationStream } from './notification-stream';

function parse(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch (_error) {
    return undefined;
  }
}

/**
 * Keeps the cached notifications live while the signed-in shell is open: a `notification` goes on
 * top of the lists, an `unread` sets the count. The stream is closed while the tab is hidden (the
 * lists are fetched again when it shows) and when the user is signed out. Returns whether it is open, so
 * the bell can ask for the count every minute while it is not.
 */
export function useNotificationStream(): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);

  useEffect(() => {
    let stream: ReturnType<typeof openNotificationStream> | null = null;
    let wasHidden = false;
    let wasLive = false;
    let dropped = false;

    // Back after a drop: what came meanwhile is fetched, the stream only carries what is new.
    const onStatus = (now: boolean) => {
      if (now && dropped) void client.invalidateQueries({ queryKey: notificationKeys.all });
      if (now) dropped = false;
      else if (wasLive) dropped = true; // stays so through every failed try until it is back
      wasLive = now;
      setLive(now);
    };

    const onEvent = ({ event, data }: StreamEvent) => {
      if (event === 'notification') {
        const item = NotificationSchema.safeParse(parse(data));
        if (item.success) prependNotification(client, item.data);
      } else if (event === 'unread') {
        const count = UnreadCountSchema.safeParse(parse(data));
        if (count.success) setUnread(client, count.data.unread);
      }
    };

    const open = () => {
      if (stream || document.hidden || !getToken()) return;
      const opened = openNotificationStream({
        url: `${API_BASE_URL}${NOTIFICATION_PATHS.stream}`,
        getToken,
        onEvent,
        onStatus,
        // An ordinary request renews an expired token (or signs the user out) through the client.
        renewToken: () =>
          client.fetchQuery({ ...latestQueryOptions, staleTime: 0 }).then(
            () => getToken() !== null,
            () => false,
          ),
      });
      stream = opened;
      void opened.done.then(() => {
        if (stream === opened) stream = null;
      });
    };
    const close = () => {
      stream?.close();
      stream = null;
      setLive(false);
    };

    const onVisibility = () => {
      if (document.hidden) {
        wasHidden = true;
        close();
        return;
      }
      if (wasHidden) void client.invalidateQueries({ queryKey: notificationKeys.all });
      wasHidden = false;
      open();
    };

    open();
    document.addEventListener('visibilitychange', onVisibility);
    const stopListening = onSessionEvent((event) => {
      if (event.type === 'expired') close();
    });
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      stopListening();
      close();
    };
  }, [client]);

  return live;
}

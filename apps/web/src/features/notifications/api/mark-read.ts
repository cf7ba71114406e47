import { UnreadCountSchema, type MarkNotificationsReadBody } from '@rota/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { markReadInCache, setUnread } from '../model/cache';
import { NOTIFICATION_PATHS } from './paths';
import { notificationKeys } from './query-keys';

/** POST /api/notifications/read: some by id, or all of them. */
export async function markNotificationsRead(
  body: MarkNotificationsReadBody,
): Promise<number | null> {
  const answer = await apiRequest({ method: 'POST', url: NOTIFICATION_PATHS.read, data: body });
  const count = UnreadCountSchema.safeParse(answer);
  return count.success ? count.data.unread : null;
}

/**
 * Marks read at once in every cached list (the dot and the count go before the answer comes);
 * the server's count follows when it gives one, and a refusal reloads the lists.
 */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: notificationKeys.all });
      markReadInCache(client, body, new Date().toISOString());
    },
    onSuccess: (unread) => {
      if (unread !== null) setUnread(client, unread);
    },
    onError: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

import type { NotificationKind } from '@rota/contracts';
import { NOTIFICATIONS_QUERY_ROOT } from '../../../lib/query-keys';

/** The page's filters, as kept in its URL; null is "all". */
export interface NotificationFilters {
  kind: NotificationKind | null;
  projectId: string | null;
}

export const notificationKeys = {
  all: [NOTIFICATIONS_QUERY_ROOT] as const,
  /** The bell's latest few. */
  latest: [NOTIFICATIONS_QUERY_ROOT, 'latest'] as const,
  /** The page's pages, per filter. */
  pages: (filters: NotificationFilters) =>
    [NOTIFICATIONS_QUERY_ROOT, 'pages', filters.kind, filters.projectId] as const,
};

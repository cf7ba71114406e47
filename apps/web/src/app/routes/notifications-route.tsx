import { useTranslation } from 'react-i18next';
import { useProjects } from '../../features/projects/api/list-projects';
import { pagesQueryOptions } from '../../features/notifications/api/list-notifications';
import { NotificationsPage } from '../../features/notifications/components/notifications-page';
import { useDocumentTitle } from '../../lib/document-title';
import type { PagePrefetch } from '../lazy-page';

/** The first render reads the unfiltered first page (a filtered URL fetches its own). */
export const prefetch: PagePrefetch = (client, _params, search) =>
  search.has('kind') || search.has('project')
    ? Promise.resolve()
    : client.prefetchInfiniteQuery(pagesQueryOptions({ kind: null, projectId: null }));

/** Features do not know each other: the project filter's choices come from the projects feature. */
export function NotificationsRoute() {
  const { t } = useTranslation();
  useDocumentTitle([t('notificationCenter.title')]);
  const projects = useProjects();
  return (
    <NotificationsPage projects={projects.data?.map(({ id, name }) => ({ id, name })) ?? null} />
  );
}

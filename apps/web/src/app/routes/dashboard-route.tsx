import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../features/auth';
import { dashboardQueryOptions } from '../../features/dashboard/api/get-dashboard';
import { dashboardProjectsQuery } from '../../features/dashboard/api/get-project-count';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';
import { MyFiguresCard } from '../../features/teams/components/my-figures-card';
import { useDocumentTitle } from '../../lib/document-title';
import { periodFromSearch } from '../../lib/period';
import type { PagePrefetch } from '../lazy-page';

/**
 * The dashboard's first render reads the project list (its count and recent ones) and the figures
 * of the period in the address.
 */
export const prefetch: PagePrefetch = (client, _params, search) =>
  Promise.all([
    client.prefetchQuery(dashboardProjectsQuery),
    client.prefetchQuery(dashboardQueryOptions(periodFromSearch(search))),
  ]);

/**
 * Features do not know each other: the app hands the signed-in user to the dashboard, and adds
 * the user's own figures (teams) to it.
 */
export function DashboardRoute() {
  const user = useAuthStore((state) => state.user);
  const { t } = useTranslation();
  useDocumentTitle([t('nav.dashboard')]);
  return <DashboardPage user={user} cards={<MyFiguresCard />} />;
}

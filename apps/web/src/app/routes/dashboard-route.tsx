import { useAuthStore } from '../../features/auth';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page';

/** Features do not know each other: the app hands the signed-in user to the dashboard. */
export function DashboardRoute() {
  const user = useAuthStore((state) => state.user);
  return <DashboardPage user={user} />;
}

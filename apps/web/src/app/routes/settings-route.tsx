import { useAuthStore } from '../../features/auth';
import { SettingsPage } from '../../features/settings/components/settings-page';

export function SettingsRoute() {
  const user = useAuthStore((state) => state.user);
  return <SettingsPage user={user} />;
}

import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../features/auth';
import { githubTokenQueryOptions } from '../../features/settings/api/get-github-token';
import { profileQueryOptions } from '../../features/settings/api/get-profile';
import { settingsQueryOptions } from '../../features/settings/api/get-settings';
import { SettingsPage } from '../../features/settings/components/settings-page';
import { useDocumentTitle } from '../../lib/document-title';
import type { PagePrefetch } from '../lazy-page';

/** The settings page's first render reads the profile, the GitHub token's state and the settings. */
export const prefetch: PagePrefetch = (client) =>
  Promise.all([
    client.prefetchQuery(profileQueryOptions),
    client.prefetchQuery(githubTokenQueryOptions),
    client.prefetchQuery(settingsQueryOptions),
  ]);

/** Features do not know each other: a saved profile reaches the signed-in user of the auth feature. */
export function SettingsRoute() {
  const updateUser = useAuthStore((state) => state.updateUser);
  const { t } = useTranslation();
  useDocumentTitle([t('settings.title')]);
  return (
    <SettingsPage
      onProfileSaved={(profile) =>
        updateUser({
          id: profile.id,
          name: profile.name,
          email: profile.email,
          avatar: profile.avatar,
        })
      }
    />
  );
}

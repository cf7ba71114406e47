import type { Profile } from '@rota/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useGitHubToken } from '../api/get-github-token';
import { useProfile } from '../api/get-profile';
import { useSettings } from '../api/get-settings';
import { GitHubSection } from './github-section';
import { IntegrationsSection } from './integrations-section';
import { NotificationsSection } from './notifications-section';
import { PreferencesSection } from './preferences-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';

export interface SettingsPageProps {
  /** Told when the profile was saved, so the rest of the app shows the new name at once. */
  onProfileSaved?: ((profile: Profile) => void) | undefined;
}

/** Where a part of the page waits for its data: a card-sized placeholder, or the failure. */
function Loading({
  query,
  sections,
}: {
  query: Parameters<typeof QueryState>[0]['query'];
  sections: number;
}) {
  const { t } = useTranslation();
  return (
    <QueryState
      query={query}
      failureKey="settings.loadFailed"
      loadingLabel={t('settings.loading')}
      className="flex flex-col gap-6"
    >
      {Array.from({ length: sections }, (_, index) => (
        <Skeleton key={index} className="h-48 w-full rounded-xl" />
      ))}
    </QueryState>
  );
}

function Part<T>({
  query,
  sections,
  children,
}: {
  query: Parameters<typeof QueryState>[0]['query'] & { data: T | undefined };
  sections: number;
  children: (data: T) => ReactNode;
}) {
  return query.data !== undefined ? (
    children(query.data)
  ) : (
    <Loading query={query} sections={sections} />
  );
}

/**
 * Spec §3 User settings, one section per concern, each with its own form and save: profile,
 * security (password), GitHub, notifications, integrations and preferences.
 */
export function SettingsPage({ onProfileSaved }: SettingsPageProps) {
  const { t } = useTranslation();
  const profile = useProfile();
  const github = useGitHubToken();
  const settings = useSettings();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.intro')}</p>
      </div>
      <Part query={profile} sections={2}>
        {(data) => (
          <>
            <ProfileSection profile={data} onSaved={onProfileSaved} />
            <SecuritySection key={String(data.hasPassword)} hasPassword={data.hasPassword} />
          </>
        )}
      </Part>
      <Part query={github} sections={1}>
        {(data) => <GitHubSection status={data} />}
      </Part>
      <Part query={settings} sections={3}>
        {(data) => (
          <>
            <NotificationsSection
              notifications={data.notifications}
              timeZone={data.preferences.timezone}
            />
            <IntegrationsSection integrations={data.integrations} />
            <PreferencesSection settings={data} />
          </>
        )}
      </Part>
    </div>
  );
}

import { NotificationFlagsSchema, type NotificationSettings } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { FlagsForm } from './flags-form';
import { SettingsSection } from './settings-section';

const GROUPS = [
  { legendKey: 'settings.notifications.channels', names: ['email', 'push'] },
  {
    legendKey: 'settings.notifications.events',
    names: ['prAssigned', 'prMentioned', 'prReviewed', 'prMerged'],
  },
] as const;

/** Spec §3's notification flags: how, and about which pull-request events. */
export function NotificationsSection({ notifications }: { notifications: NotificationSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t('settings.notifications.title')}
      description={t('settings.notifications.description')}
      testId="settings-notifications"
    >
      <FlagsForm
        part="notifications"
        schema={NotificationFlagsSchema}
        flags={NotificationFlagsSchema.parse(
          Object.fromEntries(
            Object.keys(NotificationFlagsSchema.shape).map((name) => [
              name,
              notifications[name as keyof typeof notifications],
            ]),
          ),
        )}
        groups={GROUPS}
        labelKey={(name) => `settings.notifications.${name}`}
      />
    </SettingsSection>
  );
}

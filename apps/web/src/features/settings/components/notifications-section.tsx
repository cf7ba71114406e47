import { NotificationFlagsSchema, type NotificationSettings } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { browserTimeZone } from '../../../lib/time-zone';
import { DigestForm } from './digest-form';
import { FlagsForm } from './flags-form';
import { SettingsSection } from './settings-section';

const GROUPS = [
  {
    legendKey: 'settings.notifications.channels',
    names: ['email', 'push'],
    noteKey: 'settings.notifications.pushNote',
  },
  {
    legendKey: 'settings.notifications.events',
    names: ['prAssigned', 'prMentioned', 'prReviewed', 'prMerged', 'agreementBroken', 'workFailed'],
  },
] as const;

const DESCRIBED: ReadonlySet<string> = new Set(['agreementBroken', 'workFailed']);

/** Spec §3's notification flags (how, and about which events) and the digest e-mail. */
export function NotificationsSection({
  notifications,
  timeZone,
}: {
  notifications: NotificationSettings;
  /** The user's chosen time zone; null: the browser's. */
  timeZone: string | null;
}) {
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
        descriptionKey={(name) =>
          DESCRIBED.has(name) ? `settings.notifications.${name}Hint` : undefined
        }
      />
      <DigestForm notifications={notifications} timeZone={timeZone ?? browserTimeZone()} />
    </SettingsSection>
  );
}

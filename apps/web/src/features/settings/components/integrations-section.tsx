import { IntegrationSettingsSchema, type IntegrationSettings } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { FlagsForm } from './flags-form';
import { SettingsSection } from './settings-section';

const GROUPS = [{ names: ['github', 'gitlab', 'bitbucket'] }] as const;

/** Spec §3's integrations: which code hosts the user works with. */
export function IntegrationsSection({ integrations }: { integrations: IntegrationSettings }) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t('settings.integrations.title')}
      description={t('settings.integrations.description')}
      testId="settings-integrations"
    >
      <FlagsForm
        part="integrations"
        schema={IntegrationSettingsSchema}
        flags={integrations}
        groups={GROUPS}
        labelKey={(name) => `settings.integrations.${name}`}
      />
    </SettingsSection>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  AVAILABLE_LANGUAGES,
  PreferenceSettingsSchema,
  THEMES,
  type PreferenceSettings,
  type UserSettings,
} from '@rota/contracts';
import { useMemo } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SegmentedRadios } from '../../../components/ui/segmented-radios';
import { SelectField } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { isAvailableLanguage, UPCOMING_LANGUAGES } from '../../../lib/i18n';
import { browserTimeZone } from '../../../lib/time-zone';
import { notify, useUiStore } from '../../../lib/ui-store';
import { useUpdateSettings } from '../api/update-settings';
import { applyPreferences } from '../apply-preferences';
import { SaveButton, SettingsSection } from './settings-section';

interface PreferenceFormValues {
  theme: PreferenceSettings['theme'];
  language: PreferenceSettings['language'];
  /** '' is the browser's own time zone (null in the settings). */
  timezone: string;
}

const PreferenceFormSchema = PreferenceSettingsSchema.extend({
  timezone: z
    .string()
    .transform((zone) => zone || null)
    .pipe(PreferenceSettingsSchema.shape.timezone),
});

/** Every IANA zone this browser knows, UTC first, plus the saved one should it not be among them. */
function timeZoneOptions(saved: string | null): string[] {
  const known = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  const zones = ['UTC', ...known];
  if (saved && !zones.includes(saved)) zones.push(saved);
  return zones;
}

/**
 * Theme, language and time zone, saved for every browser the user signs in on and put in force
 * here at once. What the user never chose shows as this browser has it (a default must not look
 * like a choice the form would then save over the browser's).
 */
export function PreferencesSection({ settings }: { settings: UserSettings }) {
  const { t, i18n } = useTranslation();
  const browserTheme = useUiStore((state) => state.theme);
  const { mutateAsync } = useUpdateSettings();
  const chosen = settings.chosenPreferences;
  const saved = settings.preferences;
  const currentLanguage = i18n.resolvedLanguage ?? i18n.language;
  const {
    control,
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PreferenceFormValues, unknown, PreferenceSettings>({
    resolver: zodResolver(PreferenceFormSchema) as Resolver<
      PreferenceFormValues,
      unknown,
      PreferenceSettings
    >,
    mode: 'onChange',
    values: {
      theme: chosen.includes('theme') ? saved.theme : browserTheme,
      language:
        chosen.includes('language') || !isAvailableLanguage(currentLanguage)
          ? saved.language
          : currentLanguage,
      timezone: saved.timezone ?? '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const timezone = useWatch({ control, name: 'timezone' });
  const zones = useMemo(() => timeZoneOptions(saved.timezone), [saved.timezone]);

  const submit = handleSubmit(async (values) => {
    try {
      const next = await mutateAsync({ preferences: values });
      await applyPreferences(next.preferences, ['theme', 'language', 'timezone']);
      notify.success(i18n.t('settings.preferences.saved'));
    } catch (caught) {
      const { title, detail } = describeFailure(
        t,
        'settings.preferences.failed',
        toApiError(caught),
      );
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <SettingsSection
      title={t('settings.preferences.title')}
      description={t('settings.preferences.description')}
      testId="settings-preferences"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Controller
          control={control}
          name="theme"
          render={({ field }) => (
            <SegmentedRadios
              legend={t('settings.preferences.theme')}
              options={THEMES.map((theme) => ({ value: theme, label: t(`theme.${theme}`) }))}
              value={field.value}
              onChange={field.onChange}
              testId="settings-theme"
            />
          )}
        />
        <SelectField
          label={t('settings.preferences.language')}
          error={translateValidation(t, errors.language?.message)}
          {...register('language')}
        >
          {AVAILABLE_LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </option>
          ))}
          {UPCOMING_LANGUAGES.map((language) => (
            <option key={language} value={language} disabled>
              {t('settings.preferences.upcomingLanguage', {
                language: t(`language.${language}`),
                soon: t('language.comingSoon'),
              })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('settings.preferences.timezone')}
          hint={t('settings.preferences.timezoneHint', {
            now: formatDateTime(new Date(), i18n.language, timezone || undefined),
          })}
          error={translateValidation(t, errors.timezone?.message)}
          {...register('timezone')}
        >
          <option value="">
            {t('settings.preferences.timezoneBrowser', { zone: browserTimeZone() })}
          </option>
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </SelectField>
        <SaveButton saving={isSubmitting} />
      </form>
    </SettingsSection>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { Profile } from '@rota/contracts';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Field } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useUpdateProfile } from '../api/update-profile';
import {
  placeFieldErrors,
  ProfileFormSchema,
  type ProfileFormOutput,
  type ProfileFormValues,
} from '../form-schemas';
import { SaveButton, SettingsSection } from './settings-section';

const FIELDS = ['name', 'avatar'] as const;

/** Name and avatar, checked as they are typed; the e-mail is shown but cannot be changed yet. */
export function ProfileSection({
  profile,
  onSaved,
}: {
  profile: Profile;
  onSaved?: ((profile: Profile) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { mutateAsync } = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(ProfileFormSchema) as Resolver<
      ProfileFormValues,
      unknown,
      ProfileFormOutput
    >,
    mode: 'onChange',
    values: { name: profile.name, avatar: profile.avatar ?? '' },
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await mutateAsync(values);
      notify.success(t('settings.profile.saved'));
      onSaved?.(saved);
    } catch (caught) {
      const error = toApiError(caught);
      placeFieldErrors(error.errors, FIELDS, setError);
      const { title, detail } = describeFailure(t, 'settings.profile.failed', error);
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <SettingsSection
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
      testId="settings-profile"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-600 dark:text-slate-400">{t('settings.profile.role')}</span>
          <Badge>{t(`settings.profile.roles.${profile.role}`)}</Badge>
        </div>
        <Field
          label={t('settings.profile.name')}
          autoComplete="name"
          error={translateValidation(t, errors.name?.message)}
          {...register('name')}
        />
        <Field
          label={t('settings.profile.avatar')}
          type="url"
          inputMode="url"
          hint={t('settings.profile.avatarHint')}
          error={translateValidation(t, errors.avatar?.message)}
          {...register('avatar')}
        />
        <Field
          label={t('settings.profile.email')}
          type="email"
          value={profile.email}
          readOnly
          hint={t('settings.profile.emailHint')}
          data-testid="settings-email"
        />
        <SaveButton saving={isSubmitting} />
      </form>
    </SettingsSection>
  );
}

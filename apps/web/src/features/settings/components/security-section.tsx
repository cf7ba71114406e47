import { zodResolver } from '@hookform/resolvers/zod';
import {
  PasswordChangeFormSchema,
  PasswordSetFormSchema,
  type PasswordChangeForm,
} from '@rota/contracts';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useChangePassword } from '../api/change-password';
import { placeFieldErrors } from '../form-schemas';
import { SaveButton, SettingsSection } from './settings-section';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §5's password change, checked as it is typed. An account made through GitHub sign-in has
 * no password: it sets its first one without being asked for a current one. Either way the server
 * ends every other session and this browser continues with the new one it answers.
 */
export function SecuritySection({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation();
  const { mutateAsync } = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordChangeForm>({
    resolver: (hasPassword
      ? zodResolver(PasswordChangeFormSchema)
      : zodResolver(PasswordSetFormSchema)) as unknown as Resolver<PasswordChangeForm>,
    mode: 'onChange',
    defaultValues: EMPTY,
  });

  const submit = handleSubmit(async (values) => {
    try {
      await mutateAsync(
        hasPassword
          ? values
          : { newPassword: values.newPassword, confirmPassword: values.confirmPassword },
      );
      reset(EMPTY);
      notify.success(t('settings.security.changed'));
    } catch (caught) {
      const error = toApiError(caught);
      placeFieldErrors(error.errors, FIELDS, setError);
      const { title, detail } = describeFailure(t, 'settings.security.failed', error);
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <SettingsSection
      title={t('settings.security.title')}
      description={t(
        hasPassword ? 'settings.security.description' : 'settings.security.noPassword',
      )}
      testId="settings-security"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        {hasPassword && (
          <Field
            label={t('settings.security.currentPassword')}
            type="password"
            autoComplete="current-password"
            error={translateValidation(t, errors.currentPassword?.message)}
            {...register('currentPassword')}
          />
        )}
        <Field
          label={t('settings.security.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('settings.security.newPasswordHint')}
          error={translateValidation(t, errors.newPassword?.message)}
          {...register('newPassword', {
            // The confirmation is checked against the new value as that changes.
            deps: ['confirmPassword'],
          })}
        />
        <Field
          label={t('settings.security.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={translateValidation(t, errors.confirmPassword?.message)}
          {...register('confirmPassword')}
        />
        <SaveButton
          saving={isSubmitting}
          label={t(hasPassword ? 'settings.security.change' : 'settings.security.set')}
        />
      </form>
    </SettingsSection>
  );
}

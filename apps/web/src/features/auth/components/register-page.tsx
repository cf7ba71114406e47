import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { translateValidation } from '../../../lib/error-text';
import { useAuthStore } from '../auth-store';
import { OrDivider, SwitchLink } from './auth-links';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-error';
import { GitHubButton } from './github-button';
import { useReturnPath } from './use-return-path';
import { useServerError } from './use-server-error';
import { lazyValidator, useSignInForm } from './use-sign-in-form';
import { useDocumentTitle } from '../../../lib/document-title';

const validation = lazyValidator(() => import('./form-validators').then((m) => m.validateRegister));

const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;

export function RegisterPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('auth.register.title')]);
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const registerAccount = useAuthStore((state) => state.register);
  const { errors, isSubmitting, setError, handleSubmit, field, preload } = useSignInForm(
    FIELDS,
    validation,
  );
  const { formError, showServerError, clearFormError } = useServerError(setError, FIELDS);

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    clearFormError();
    // confirmPassword stays in the browser (spec §5).
    const result = await registerAccount({ name, email, password });
    if (result.ok) navigate(returnTo.target, { replace: true });
    else showServerError(result.error);
  });

  return (
    <AuthLayout title={t('auth.register.title')}>
      <form noValidate onSubmit={onSubmit} onFocus={preload} className="flex flex-col gap-4">
        <FormError state={formError} />
        <Field
          label={t('auth.fields.name')}
          autoComplete="name"
          error={translateValidation(t, errors.name)}
          {...field('name')}
        />
        <Field
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          error={translateValidation(t, errors.email)}
          {...field('email')}
        />
        <Field
          label={t('auth.fields.password')}
          type="password"
          autoComplete="new-password"
          hint={t('auth.register.passwordHint')}
          error={translateValidation(t, errors.password)}
          {...field('password')}
        />
        <Field
          label={t('auth.fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={translateValidation(t, errors.confirmPassword)}
          {...field('confirmPassword')}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full">
          {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          {t('auth.register.submit')}
        </Button>
      </form>
      <OrDivider />
      <GitHubButton returnQuery={returnTo.query} />
      <SwitchLink
        question={t('auth.register.hasAccount')}
        to={`/login${returnTo.query}`}
        label={t('auth.register.toLogin')}
      />
    </AuthLayout>
  );
}

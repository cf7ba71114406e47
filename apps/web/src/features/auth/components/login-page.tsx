import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { translateValidation } from '../../../lib/error-text';
import { useAuthStore } from '../auth-store';
import { AuthLayout } from './auth-layout';
import { FormError } from './form-error';
import { GitHubButton } from './github-button';
import { OrDivider, SwitchLink } from './auth-links';
import { useReturnPath } from './use-return-path';
import { useServerError } from './use-server-error';
import { lazyValidator, useSignInForm } from './use-sign-in-form';
import { useDocumentTitle } from '../../../lib/document-title';

const validation = lazyValidator(() => import('./form-validators').then((m) => m.validateLogin));

const FIELDS = ['email', 'password'] as const;

export function LoginPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('auth.login.title')]);
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const login = useAuthStore((state) => state.login);
  const { errors, isSubmitting, setError, handleSubmit, field, preload } = useSignInForm(
    FIELDS,
    validation,
  );
  const { formError, showServerError, clearFormError } = useServerError(setError, FIELDS);

  const onSubmit = handleSubmit(async (values) => {
    clearFormError();
    const result = await login(values);
    if (result.ok) navigate(returnTo.target, { replace: true });
    else showServerError(result.error);
  });

  return (
    <AuthLayout title={t('auth.login.title')}>
      <form noValidate onSubmit={onSubmit} onFocus={preload} className="flex flex-col gap-4">
        <FormError state={formError} />
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
          autoComplete="current-password"
          error={translateValidation(t, errors.password)}
          {...field('password')}
        />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting} className="w-full">
          {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          {t('auth.login.submit')}
        </Button>
      </form>
      <OrDivider />
      <GitHubButton returnQuery={returnTo.query} />
      <SwitchLink
        question={t('auth.login.noAccount')}
        to={`/register${returnTo.query}`}
        label={t('auth.login.toRegister')}
      />
    </AuthLayout>
  );
}

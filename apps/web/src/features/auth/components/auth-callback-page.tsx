import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { AuthLayout } from './auth-layout';
import { SwitchLink } from './auth-links';

/**
 * Where GitHub sign-in lands (SPEC §2; its behaviour is not specified yet). Until the OAuth issue
 * defines the hand-over, say honestly that sign-in did not complete instead of spinning forever.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const failed = params.has('error');
  return (
    <AuthLayout title={t('auth.callback.title')}>
      <Alert>{failed ? t('auth.callback.failed') : t('auth.callback.notAvailable')}</Alert>
      <SwitchLink question="" to="/login" label={t('auth.callback.toLogin')} />
    </AuthLayout>
  );
}

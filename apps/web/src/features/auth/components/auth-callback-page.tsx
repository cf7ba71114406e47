import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { DEFAULT_RETURN_PATH } from '../../../lib/return-path';
import { emitSessionEvent, storeTokens } from '../../../lib/session';
import { useAuthStore } from '../auth-store';
import { readHandOver, type CallbackFailure } from '../github-hand-over';
import { AuthLayout } from './auth-layout';
import { SwitchLink } from './auth-links';
import { useDocumentTitle } from '../../../lib/document-title';

/**
 * Where GitHub sign-in lands (spec §2). The server put Rota's tokens (or why it failed) in the URL
 * fragment: store them, take them out of the address bar at once, check them with the server, and
 * go where the visitor was headed. A failure says why, with a way back to the login page.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  useDocumentTitle([t('auth.callback.title')]);
  const navigate = useNavigate();
  const location = useLocation();
  // Read once: the effect below removes the fragment from the address bar.
  const [handOver] = useState(() => readHandOver(location.hash));
  const [failure, setFailure] = useState<CallbackFailure | null>(
    handOver.kind === 'error' ? handOver.error : null,
  );

  useEffect(() => {
    // Tokens must not linger in the address bar, the history or a bookmark.
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (handOver.kind !== 'tokens') return;
    let current = true;
    storeTokens(handOver.token, handOver.refreshToken);
    void useAuthStore
      .getState()
      .verify()
      .then((ok) => {
        if (!current) return;
        if (!ok) return setFailure('verify_failed');
        emitSessionEvent({ type: 'signed-in' });
        void navigate(handOver.next ?? DEFAULT_RETURN_PATH, { replace: true });
      });
    return () => {
      current = false;
    };
    // Once per landing: the hand-over is read once and the fragment is gone afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <AuthLayout title={t('auth.callback.title')}>
      {failure ? (
        <>
          <Alert data-testid="callback-error">{t(`auth.callback.errors.${failure}`)}</Alert>
          <SwitchLink question="" to="/login" label={t('auth.callback.toLogin')} />
        </>
      ) : (
        <div className="flex flex-col items-center gap-3 text-sm">
          <Spinner label={t('auth.callback.working')} />
          <p>{t('auth.callback.working')}</p>
        </div>
      )}
    </AuthLayout>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  ConnectGitHubTokenBody,
  GITHUB_TOKEN_SCOPES,
  type GitHubScope,
  type GitHubTokenStatus,
} from '@rota/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { formatDateTime } from '../../../lib/format';
import { useTimeZone } from '../../../lib/time-zone';
import { notify } from '../../../lib/ui-store';
import { useConnectGitHubToken } from '../api/connect-github-token';
import { useDisconnectGitHubToken } from '../api/disconnect-github-token';
import { placeFieldErrors } from '../form-schemas';
import { SaveButton, SettingsSection } from './settings-section';

/** i18next reads ':' as a namespace separator, so scopes are named by these keys. */
const SCOPE_KEYS: Record<GitHubScope, string> = { repo: 'repo', 'read:org': 'readOrg' };

/** The connected token as GitHub described it: account, when checked, scopes and what is missing. */
function ConnectedToken({ personal }: { personal: NonNullable<GitHubTokenStatus['personal']> }) {
  const { t, i18n } = useTranslation();
  const timeZone = useTimeZone();
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="github-token-connected">
      <p>{t('settings.github.connectedAs', { login: personal.login })}</p>
      <p className="text-slate-600 dark:text-slate-400">
        {t('settings.github.checkedAt', {
          time: formatDateTime(personal.checkedAt, i18n.language, timeZone),
        })}
      </p>
      {personal.scopes === null ? (
        <p className="text-slate-600 dark:text-slate-400">{t('settings.github.noScopesListed')}</p>
      ) : (
        <p className="flex flex-wrap items-center gap-1.5">
          <span>{t('settings.github.scopes')}</span>
          {personal.scopes.map((scope) => (
            <Badge key={scope} tone="slate">
              {scope}
            </Badge>
          ))}
        </p>
      )}
      {personal.missingScopes.length > 0 ? (
        <div role="note" className="flex flex-col gap-1" data-testid="github-missing-scopes">
          <p className="font-medium text-amber-900 dark:text-amber-200">
            {t('settings.github.missing')}
          </p>
          <ul className="flex flex-col gap-1">
            {personal.missingScopes.map((scope) => (
              <li key={scope} className="flex flex-wrap items-center gap-1.5">
                <Badge tone="amber">{scope}</Badge>
                <span>{t(`settings.github.purposes.${SCOPE_KEYS[scope]}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        personal.scopes !== null && (
          <p className="text-emerald-800 dark:text-emerald-200">{t('settings.github.allScopes')}</p>
        )
      )}
    </div>
  );
}

/**
 * Which token Rota uses for the user on GitHub, and a personal access token to connect: GitHub
 * checks it before the server keeps it; it is never shown again.
 */
export function GitHubSection({ status }: { status: GitHubTokenStatus }) {
  const { t } = useTranslation();
  const connect = useConnectGitHubToken();
  const disconnect = useDisconnectGitHubToken();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<{ token: string }>({
    resolver: zodResolver(ConnectGitHubTokenBody),
    mode: 'onChange',
    defaultValues: { token: '' },
  });

  const submit = handleSubmit(async ({ token }) => {
    try {
      await connect.mutateAsync(token);
      reset({ token: '' });
      notify.success(t('settings.github.connected'));
    } catch (caught) {
      const error = toApiError(caught);
      placeFieldErrors(error.errors, ['token'] as const, setError);
      const { title, detail } = describeFailure(t, 'settings.github.failed', error);
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  const remove = async () => {
    try {
      await disconnect.mutateAsync();
      notify.success(t('settings.github.disconnected'));
    } catch (caught) {
      const { title, detail } = describeFailure(
        t,
        'settings.github.disconnectFailed',
        toApiError(caught),
      );
      notify.error(title, detail ? { description: detail } : {});
    }
  };

  return (
    <SettingsSection
      title={t('settings.github.title')}
      description={t('settings.github.description')}
      testId="settings-github"
    >
      <p className="text-sm" data-testid="github-token-in-use">
        {t(`settings.github.inUse.${status.inUse}`, { login: status.signIn?.login ?? '' })}
      </p>
      {status.personal && <ConnectedToken personal={status.personal} />}
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium">{t('settings.github.needed')}</p>
        <ul className="flex flex-col gap-1">
          {GITHUB_TOKEN_SCOPES.map((scope) => (
            <li key={scope} className="flex flex-wrap items-center gap-1.5">
              <Badge tone="indigo">{scope}</Badge>
              <span>{t(`settings.github.purposes.${SCOPE_KEYS[scope]}`)}</span>
            </li>
          ))}
        </ul>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <Field
          label={t('settings.github.token')}
          type="password"
          autoComplete="off"
          spellCheck={false}
          hint={t('settings.github.tokenHint')}
          error={translateValidation(t, errors.token?.message)}
          {...register('token')}
        />
        <div className="flex flex-wrap gap-2">
          <SaveButton
            saving={isSubmitting}
            label={t(status.personal ? 'settings.github.replace' : 'settings.github.connect')}
          />
          {status.personal && (
            <Button
              variant="secondary"
              disabled={disconnect.isPending}
              onClick={() => void remove()}
            >
              {t('settings.github.disconnect')}
            </Button>
          )}
        </div>
      </form>
    </SettingsSection>
  );
}

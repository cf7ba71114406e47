import type { PullRequestRepoSync, WebhookChange } from '@rota/contracts';
import { Webhook } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { toApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { useChangeWebhooks, type WebhookAction } from '../api/change-webhooks';

/**
 * Installing the project's webhooks (changes then arrive as they happen) or removing them (the
 * scheduled sync keeps the data current instead). Offers only what would change something, and
 * says per repository what happened: one repository refusing never hides the others.
 */
export function WebhookControls({
  projectId,
  repositories,
}: {
  projectId: string;
  repositories: PullRequestRepoSync[];
}) {
  const { t } = useTranslation();
  const mutation = useChangeWebhooks(projectId);
  const onForge = repositories.filter((repo) => repo.status !== 'unsupported');
  const canInstall = onForge.some((repo) => repo.kept_current_by !== 'webhook');
  const canRemove = onForge.some((repo) => repo.kept_current_by === 'webhook');
  if (onForge.length === 0) return null;
  const run = (action: WebhookAction) => mutation.mutate(action);
  return (
    <div className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-800">
      <div className="flex flex-wrap items-center gap-2">
        {canInstall && (
          <Button
            variant="secondary"
            onClick={() => run('install')}
            disabled={mutation.isPending}
            data-testid="pr-webhook-install"
          >
            <Webhook className="size-4" aria-hidden="true" />
            {t('pullRequests.webhooks.install')}
          </Button>
        )}
        {canRemove && (
          <Button
            variant="secondary"
            onClick={() => run('remove')}
            disabled={mutation.isPending}
            data-testid="pr-webhook-remove"
          >
            {t('pullRequests.webhooks.remove')}
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('pullRequests.webhooks.explain')}
      </p>
      {mutation.isError && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('pullRequests.webhooks.refused', {
            reason: translateError(t, toApiError(mutation.error)),
          })}
        </p>
      )}
      {mutation.data && <WebhookOutcome change={mutation.data} />}
    </div>
  );
}

function WebhookOutcome({ change }: { change: WebhookChange }) {
  const { t } = useTranslation();
  // The live region wraps the list: a role on the <ul> itself would hide its items' list semantics.
  return (
    <div
      role="status"
      aria-label={t('pullRequests.webhooks.outcome')}
      data-testid="pr-webhook-outcome"
    >
      <ul className="flex flex-col gap-1 text-sm">
        {change.repositories.map((repo) => (
          <li
            key={repo.repoId}
            className={
              repo.status === 'failed'
                ? 'wrap-anywhere text-amber-800 dark:text-amber-300'
                : 'wrap-anywhere text-slate-700 dark:text-slate-300'
            }
          >
            {t(`pullRequests.webhooks.status.${repo.status}`, {
              name: `${repo.owner}/${repo.repo}`,
            })}
            {repo.status === 'failed' && repo.code
              ? ` ${translateError(t, { code: repo.code, message: repo.message ?? '' })}`
              : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

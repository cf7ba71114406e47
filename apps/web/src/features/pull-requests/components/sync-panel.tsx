import type { PullRequestRepoSync } from '@rota/contracts';
import {
  AlertTriangle,
  CheckCircle2,
  CircleDashed,
  Clock,
  Loader2,
  RefreshCw,
  Slash,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { translateError, type DescribableError } from '../../../lib/error-text';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';

const statusLook: Record<PullRequestRepoSync['status'], { tone: BadgeTone; icon: ReactNode }> = {
  never: { tone: 'slate', icon: <CircleDashed className="size-3.5" aria-hidden="true" /> },
  queued: { tone: 'amber', icon: <Clock className="size-3.5" aria-hidden="true" /> },
  running: {
    tone: 'sky',
    icon: <Loader2 className="size-3.5 motion-safe:animate-spin" aria-hidden="true" />,
  },
  synced: { tone: 'green', icon: <CheckCircle2 className="size-3.5" aria-hidden="true" /> },
  failed: { tone: 'red', icon: <AlertTriangle className="size-3.5" aria-hidden="true" /> },
  unsupported: { tone: 'slate', icon: <Slash className="size-3.5" aria-hidden="true" /> },
};

export interface SyncControl {
  start: () => void;
  /** A sync is being asked for, or one is queued or running: the button waits. */
  disabled: boolean;
  /** Why the last "sync now" was refused, already in words. */
  failure: DescribableError | null;
}

/** "Sync now", the same action wherever the tab offers it. */
export function SyncNowButton({
  sync,
  variant = 'secondary',
}: {
  sync: SyncControl;
  variant?: 'primary' | 'secondary';
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant={variant}
      onClick={sync.start}
      disabled={sync.disabled}
      data-testid="pr-sync-now"
    >
      <RefreshCw
        className={sync.disabled ? 'size-4 motion-safe:animate-spin' : 'size-4'}
        aria-hidden="true"
      />
      {t('pullRequests.sync.now')}
    </Button>
  );
}

/**
 * Per repository: how current its stored pull requests are (status, last sync, how many), what
 * keeps them current (webhook, scheduled sync, nothing) and why the last sync failed.
 */
export function SyncPanel({
  repositories,
  sync,
  syncing,
  children,
}: {
  repositories: PullRequestRepoSync[];
  sync: SyncControl;
  syncing: boolean;
  /** Below the list: what else changes how the repositories are kept current (webhooks). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const canSync = repositories.some((repo) => repo.status !== 'unsupported');
  return (
    <Card
      className="flex flex-col gap-3 p-4 sm:p-5"
      role="region"
      aria-labelledby="pr-sync-title"
      data-testid="pr-sync-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-0.5">
          <h2 id="pr-sync-title" className="text-lg font-semibold">
            {t('pullRequests.sync.title')}
          </h2>
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            {syncing ? t('pullRequests.sync.syncing') : ''}
          </p>
        </div>
        {canSync && <SyncNowButton sync={sync} />}
      </div>
      {sync.failure && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {t('pullRequests.sync.startFailed', { reason: translateError(t, sync.failure) })}
        </p>
      )}
      <ul
        aria-label={t('pullRequests.sync.repositories')}
        className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800"
      >
        {repositories.map((repo) => {
          const look = statusLook[repo.status];
          return (
            <li
              key={repo.repoId}
              className="flex min-w-0 flex-col gap-1 py-2 text-sm"
              data-testid="pr-sync-repo"
            >
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <span className="font-medium break-all">{repo.full_name}</span>
                <Badge tone={look.tone} data-testid="pr-sync-status">
                  {look.icon}
                  {t(`pullRequests.sync.status.${repo.status}`)}
                </Badge>
              </div>
              {repo.status === 'unsupported' ? (
                <p className="text-slate-600 dark:text-slate-400">
                  {t('pullRequests.sync.unsupported')}
                </p>
              ) : (
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-slate-600 dark:text-slate-400">
                  <span>
                    {repo.last_synced_at ? (
                      <time
                        dateTime={repo.last_synced_at}
                        title={formatDateTime(repo.last_synced_at, i18n.language)}
                      >
                        {t('pullRequests.sync.lastSynced', {
                          time: formatRelativeTime(repo.last_synced_at, i18n.language),
                        })}
                      </time>
                    ) : (
                      t('pullRequests.sync.notSyncedYet')
                    )}
                  </span>
                  <span>{t('pullRequests.sync.stored', { count: repo.stored })}</span>
                  <span data-testid="pr-kept-current">
                    {t(`pullRequests.sync.keptCurrentBy.${repo.kept_current_by}`)}
                  </span>
                </p>
              )}
              {repo.error && (
                <p className="text-amber-800 dark:text-amber-300" data-testid="pr-sync-error">
                  {t('pullRequests.sync.failed', { reason: translateError(t, repo.error) })}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {children}
    </Card>
  );
}

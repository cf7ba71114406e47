import type { PullRequestList } from '@rota/contracts';
import { FolderPlus, GitPullRequest, Loader2, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { PULL_REQUESTS_PER_PAGE, usePullRequests } from '../api/list-pull-requests';
import { useSyncPullRequests } from '../api/sync-pull-requests';
import { emptyReason, isSyncing, syncableRepos } from '../model/sync-status';
import { PullRequestFiltersBar } from './pull-request-filters';
import {
  PullRequestList as PullRequestItems,
  type PullRequestRowAction,
} from './pull-request-list';
import { SyncNowButton, SyncPanel, type SyncControl } from './sync-panel';
import { WebhookControls } from './webhook-controls';
import { usePullRequestFilters, type PullRequestFilterState } from './use-pull-request-filters';

export interface PullRequestsTabProps {
  projectId: string;
  /** Opens the project's edit form, where a GitHub repository can be added. */
  addRepository: () => void;
  /** What the app puts on each row (the reviews' "Review now"). */
  rowAction?: PullRequestRowAction | undefined;
}

/**
 * The project's pull requests as Rota stored them: filters, one page of the list, and
 * per repository how current the list is, with "Sync now".
 */
export function PullRequestsTab({ projectId, addRepository, rowAction }: PullRequestsTabProps) {
  const { t } = useTranslation();
  const filters = usePullRequestFilters();
  const query = usePullRequests(projectId, filters.filters);
  const mutation = useSyncPullRequests(projectId);
  const list = query.data;
  const syncing = isSyncing(list);
  const sync: SyncControl = {
    start: () => mutation.mutate(),
    disabled: mutation.isPending || syncing,
    failure: mutation.error ? toApiError(mutation.error) : null,
  };

  if (!list) {
    return (
      <QueryState
        query={query}
        failureKey="errors.fetchPullRequests"
        loadingLabel={t('pullRequests.loading')}
        className="flex flex-col gap-4"
      >
        <Skeleton className="h-28 w-full rounded-xl" />
        <Skeleton className="h-10 w-full max-w-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </QueryState>
    );
  }

  if (syncableRepos(list).length === 0) {
    return (
      <EmptyState
        icon={<GitPullRequest className="size-8" />}
        title={t('pullRequests.empty.unsupportedTitle')}
        description={t('pullRequests.empty.unsupportedText')}
        action={
          <Button onClick={addRepository}>
            <FolderPlus className="size-4" aria-hidden="true" />
            {t('pullRequests.empty.addRepository')}
          </Button>
        }
      />
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="pull-requests-tab">
      <SyncPanel repositories={list.repositories} sync={sync} syncing={syncing}>
        <WebhookControls projectId={projectId} repositories={list.repositories} />
      </SyncPanel>
      <PullRequestFiltersBar filters={filters} />
      {query.isError && (
        // A later read failed (the next page, a poll): what was read before stays on screen.
        <ErrorState
          title={t('errors.fetchPullRequests')}
          message={
            describeFailure(t, 'errors.fetchPullRequests', toApiError(query.error)).detail ??
            t('errors.generic')
          }
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      <ListBody
        list={list}
        filters={filters}
        sync={sync}
        busy={query.isPlaceholderData}
        rowAction={rowAction}
      />
    </div>
  );
}

function ListBody({
  list,
  filters,
  sync,
  busy,
  rowAction,
}: {
  list: PullRequestList;
  filters: PullRequestFilterState;
  sync: SyncControl;
  busy: boolean;
  rowAction: PullRequestRowAction | undefined;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(list.total / PULL_REQUESTS_PER_PAGE));
  const page = filters.filters.page;
  const count = (
    <p
      role="status"
      className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
      data-testid="pr-total"
    >
      {t('pullRequests.count', { count: list.total })}
      {busy && (
        <>
          <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
          <span className="sr-only">{t('pullRequests.updating')}</span>
        </>
      )}
    </p>
  );

  if (list.pullRequests.length === 0) {
    const reason = emptyReason(list);
    return (
      <>
        {count}
        {reason === 'syncing' ? (
          <EmptyState
            icon={<Loader2 className="size-8 motion-safe:animate-spin" />}
            title={t('pullRequests.empty.syncingTitle')}
            description={t('pullRequests.empty.syncingText')}
          />
        ) : reason === 'neverSynced' ? (
          <EmptyState
            icon={<GitPullRequest className="size-8" />}
            title={t('pullRequests.empty.neverSyncedTitle')}
            description={t('pullRequests.empty.neverSyncedText')}
            action={<SyncNowButton sync={sync} variant="primary" />}
          />
        ) : filters.filters.search === '' && filters.filters.state === 'open' ? (
          <EmptyState
            icon={<GitPullRequest className="size-8" />}
            title={t('pullRequests.empty.noOpenTitle')}
            description={t('pullRequests.empty.noOpenText')}
            action={
              <Button variant="secondary" onClick={() => filters.setState('all')}>
                {t('pullRequests.empty.showAll')}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<SearchX className="size-8" />}
            title={t('pullRequests.empty.noMatchesTitle')}
            description={t('pullRequests.empty.noMatchesText')}
            action={
              <Button variant="secondary" onClick={filters.clear}>
                {t('pullRequests.empty.clearFilters')}
              </Button>
            }
          />
        )}
      </>
    );
  }

  return (
    <>
      {count}
      <PullRequestItems pullRequests={list.pullRequests} busy={busy} rowAction={rowAction} />
      {pages > 1 && (
        <nav
          aria-label={t('pullRequests.pagination.label')}
          className="flex flex-wrap items-center justify-between gap-2"
        >
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={page <= 1}
            onClick={() => filters.setPage(Math.max(1, page - 1))}
          >
            {t('pullRequests.pagination.previous')}
          </Button>
          <span className="text-sm text-slate-600 dark:text-slate-400" data-testid="pr-page">
            {t('pullRequests.pagination.page', { page, pages })}
          </span>
          <Button
            variant="secondary"
            className="px-3 py-1.5"
            disabled={page >= pages}
            onClick={() => filters.setPage(Math.min(pages, page + 1))}
          >
            {t('pullRequests.pagination.next')}
          </Button>
        </nav>
      )}
    </>
  );
}

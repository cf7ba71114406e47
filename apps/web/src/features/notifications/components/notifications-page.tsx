import { NOTIFICATION_KINDS, type NotificationKind } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SelectField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { translateError } from '../../../lib/error-text';
import { toApiError } from '../../../lib/api-error';
import { useLatestNotifications, useNotificationPages } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import type { NotificationFilters } from '../api/query-keys';
import { NotificationItem } from './notification-item';

/** The page's filters from its URL (`?kind=&project=`); an unknown kind or project is "all". */
export function useNotificationFilters(projectIds: readonly string[] | null) {
  const [params, setParams] = useSearchParams();
  const kind = params.get('kind');
  const project = params.get('project');
  const filters: NotificationFilters = {
    kind: NOTIFICATION_KINDS.includes(kind as NotificationKind) ? (kind as NotificationKind) : null,
    // Until the projects are known, a project in the URL is taken as it is.
    projectId: project && (projectIds === null || projectIds.includes(project)) ? project : null,
  };
  const set = (name: 'kind' | 'project', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  return { filters, set };
}

export interface ProjectChoice {
  id: string;
  name: string;
}

/** `/notifications`: every notification, newest first, a page at a time, by kind and project. */
export function NotificationsPage({ projects }: { projects: readonly ProjectChoice[] | null }) {
  const { t } = useTranslation();
  const { filters, set } = useNotificationFilters(projects?.map((project) => project.id) ?? null);
  const pages = useNotificationPages(filters);
  const latest = useLatestNotifications(false);
  const markRead = useMarkRead();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = latest.data?.unread ?? pages.data?.pages[0]?.unread ?? 0;
  const filtered = filters.kind !== null || filters.projectId !== null;
  const emptyKey =
    filters.kind && filters.projectId
      ? 'both'
      : filters.kind
        ? 'kind'
        : filters.projectId
          ? 'project'
          : 'none';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('notificationCenter.title')}</h1>
        <Button
          variant="secondary"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({ all: true })}
        >
          {t('notificationCenter.markAll')}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('notificationCenter.filterKind')}
          value={filters.kind ?? ''}
          onChange={(event) => set('kind', event.target.value)}
          data-testid="notification-kind-filter"
        >
          <option value="">{t('notificationCenter.allKinds')}</option>
          {NOTIFICATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`notificationCenter.kindName.${kind}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('notificationCenter.filterProject')}
          value={filters.projectId ?? ''}
          onChange={(event) => set('project', event.target.value)}
          data-testid="notification-project-filter"
        >
          <option value="">{t('notificationCenter.allProjects')}</option>
          {(projects ?? []).map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </SelectField>
      </div>
      {pages.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={t('notificationCenter.loading')} />
        </div>
      ) : pages.isError ? (
        <ErrorState
          title={t('notificationCenter.loadFailed')}
          message={translateError(t, toApiError(pages.error))}
          onRetry={() => void pages.refetch()}
          retrying={pages.isRefetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          title={t(`notificationCenter.emptyPage.${emptyKey}.title`)}
          description={t(`notificationCenter.emptyPage.${emptyKey}.description`)}
          action={
            filtered ? (
              <Button
                variant="secondary"
                onClick={() => {
                  set('kind', '');
                  set('project', '');
                }}
              >
                {t('notificationCenter.clearFilters')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <ul className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-1 dark:border-slate-800 dark:bg-slate-900">
            {items.map((item) => (
              <NotificationItem key={item.id} item={item} />
            ))}
          </ul>
          {pages.hasNextPage && (
            <Button
              variant="secondary"
              className="self-center"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? <Spinner /> : null}
              {t('notificationCenter.loadMore')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

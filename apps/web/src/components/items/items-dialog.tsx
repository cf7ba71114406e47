import type { AnalyticsItem } from '@rota/contracts';
import type { TFunction } from 'i18next';
import { ExternalLink } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../lib/api-error';
import { describeFailure } from '../../lib/error-text';
import { formatDateTime, formatHours, formatNumber } from '../../lib/format';
import { periodParamsFromSearch } from '../../lib/period-params';
import { ErrorState } from '../ui/error-state';
import { Modal } from '../ui/modal';
import { Skeleton } from '../ui/skeleton';
import { useItems, type ItemsScope } from './items-api';
import { valueKind } from './item-metrics';

// On a phone the dialog fills the screen like a sheet; from `sm` up it is the app's dialog.
const SHEET =
  'max-sm:inset-0 max-sm:top-0 max-sm:left-0 max-sm:h-dvh max-sm:max-h-dvh max-sm:w-screen max-sm:max-w-none max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none';

const linkClass =
  'text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

function pullRequestsLink(projectId: string, number: number) {
  return `/projects/${encodeURIComponent(projectId)}?tab=pull-requests&q=${encodeURIComponent(`#${number}`)}`;
}

function Value({ metric, value }: { metric: string; value: number | null }) {
  const { t, i18n } = useTranslation();
  if (value === null) return null;
  const kind = valueKind(metric);
  const text =
    kind === 'hours'
      ? formatHours(value, i18n.language)
      : kind === 'lines'
        ? t('items.lines', { count: Math.round(value) })
        : formatNumber(value, i18n.language, 1);
  return (
    <span className="shrink-0 font-semibold tabular-nums" data-testid="item-value">
      {text}
    </span>
  );
}

function When({ label, at }: { label: string; at: string }) {
  const { i18n } = useTranslation();
  return (
    <span>
      {label} <time dateTime={at}>{formatDateTime(at, i18n.language)}</time>
    </span>
  );
}

function External({ url, t }: { url: string; t: TFunction }) {
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className={`${linkClass} inline-flex items-center gap-1`}
    >
      {t('items.openOnForge')}
      <ExternalLink className="size-3" aria-hidden="true" />
    </a>
  );
}

function ItemRow({
  item,
  metric,
  scope,
}: {
  item: AnalyticsItem;
  metric: string;
  scope: ItemsScope;
}) {
  const { t } = useTranslation();
  const meta = 'flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400';
  let head;
  let details;
  switch (item.type) {
    case 'pull_request':
      head =
        scope.kind === 'project' ? (
          <Link to={pullRequestsLink(scope.projectId, item.number)} className={linkClass}>
            #{item.number} {item.title}
          </Link>
        ) : (
          <span>
            #{item.number} {item.title}
          </span>
        );
      details = (
        <>
          <span>{item.repository}</span>
          <span>{item.author ?? t('items.unknownAuthor')}</span>
          <When label={t('items.opened')} at={item.created_at} />
          {item.merged_at && <When label={t('items.merged')} at={item.merged_at} />}
          {item.state !== 'merged' && <span>{t(`items.state.${item.state}`)}</span>}
          <External url={item.url} t={t} />
        </>
      );
      break;
    case 'deployment':
      head = <span>{item.name}</span>;
      details = (
        <>
          <span>{item.repository}</span>
          <span>{t(`items.source.${item.source}`)}</span>
          <When label={t('items.deployed')} at={item.deployed_at} />
          <span>{item.sha.slice(0, 7)}</span>
          {item.failed && (
            <span className="font-medium text-red-700 dark:text-red-400">{t('items.failed')}</span>
          )}
          {item.url && <External url={item.url} t={t} />}
        </>
      );
      break;
    case 'incident':
      head = <span>{item.title}</span>;
      details = (
        <>
          <span>{t(`items.incidentSource.${item.source}`)}</span>
          <When label={t('items.started')} at={item.started_at} />
          {item.resolved_at ? (
            <When label={t('items.resolved')} at={item.resolved_at} />
          ) : (
            <span>{t('items.stillOpen')}</span>
          )}
          {item.url && <External url={item.url} t={t} />}
        </>
      );
      break;
    case 'commit':
      head = (
        <span>
          <code className="text-xs">{item.sha.slice(0, 7)}</code> {item.title}
        </span>
      );
      details = (
        <>
          <span>{item.repository}</span>
          <span>{item.author ?? t('items.unknownAuthor')}</span>
          <When label={t('items.authored')} at={item.authored_at} />
        </>
      );
      break;
  }
  return (
    <li
      className="flex flex-col gap-1 border-b border-slate-100 py-2 last:border-0 dark:border-slate-800"
      data-testid="item-row"
    >
      <div className="flex items-start justify-between gap-3 text-sm font-medium">
        <span className="min-w-0 wrap-anywhere">{head}</span>
        <Value metric={metric} value={item.value} />
      </div>
      <div className={meta}>{details}</div>
    </li>
  );
}

/**
 * The items behind one figure, for the period (and authors and team) the page's address holds:
 * pull requests linked to the Pull requests tab and to GitHub, deployments, incidents or commits,
 * each with its dates and measured value. Says so when the list stops at the server's limit.
 */
export function ItemsDialog({
  scope,
  metric,
  label,
  open,
  onClose,
}: {
  scope: ItemsScope;
  metric: string;
  label: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [search] = useSearchParams();
  const params = periodParamsFromSearch(search, { people: scope.kind === 'project' });
  const query = useItems(scope, metric, params, open);
  const answer = query.data;
  const title = answer ? t('items.title', { label, count: answer.total }) : label;

  let body;
  if (answer) {
    body =
      answer.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="items-empty">
          {t('items.empty')}
        </p>
      ) : (
        <>
          {answer.truncated && (
            <p
              className="mb-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              data-testid="items-truncated"
            >
              {t('items.truncated', {
                count: answer.items.length,
                total: formatNumber(answer.total, i18n.language),
              })}
            </p>
          )}
          <ul className="flex flex-col" data-testid="items-list">
            {answer.items.map((item, index) => (
              <ItemRow key={index} item={item} metric={metric} scope={scope} />
            ))}
          </ul>
        </>
      );
  } else if (query.isError) {
    const { title: failure, detail } = describeFailure(
      t,
      'items.loadFailed',
      toApiError(query.error),
    );
    body = (
      <ErrorState
        title={failure}
        message={detail ?? t('errors.generic')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('items.loading')}
        className="flex flex-col gap-2"
      >
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      size="lg"
      className={SHEET}
    >
      <div data-testid="items-dialog">{body}</div>
    </Modal>
  );
}

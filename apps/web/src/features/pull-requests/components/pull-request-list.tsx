import type { PullRequest } from '@rota/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { Age, Author, Comments, Reviews, Size, StateBadges, TitleLink } from './pull-request-parts';
import { useWideScreen } from './use-wide-screen';

const th =
  'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const td = 'px-3 py-3 align-top';

/**
 * What another feature puts on a pull request's row (the reviews' "Review now"); null for none.
 * The app wires it in, so this feature does not know the reviews.
 */
export type PullRequestRowAction = (pullRequest: PullRequest) => ReactNode;

interface ListProps {
  pullRequests: PullRequest[];
  busy: boolean;
  rowAction?: PullRequestRowAction | undefined;
}

/** A table on wide screens, stacked cards on phones; one of the two is in the page, never both. */
export function PullRequestList(props: ListProps) {
  const wide = useWideScreen();
  return wide ? <PullRequestTable {...props} /> : <PullRequestCards {...props} />;
}

function RowAction({
  pullRequest,
  rowAction,
}: {
  pullRequest: PullRequest;
  rowAction?: PullRequestRowAction | undefined;
}) {
  const action = rowAction?.(pullRequest);
  return action ? <div className="mt-2">{action}</div> : null;
}

function Repository({ pullRequest }: { pullRequest: PullRequest }) {
  return (
    <span className="block text-xs break-all text-slate-600 dark:text-slate-400">
      {pullRequest.repository.full_name}
    </span>
  );
}

function PullRequestTable({ pullRequests, busy, rowAction }: ListProps) {
  const { t } = useTranslation();
  return (
    <div
      // Scrolls in its own box if a long title or reviewer list still does not fit; never the page.
      className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
      role="region"
      aria-label={t('pullRequests.title')}
      tabIndex={0}
    >
      <table
        className={cn('w-full border-collapse text-sm', busy && 'opacity-60')}
        aria-busy={busy}
        data-testid="pr-table"
      >
        <thead className="bg-slate-50 dark:bg-slate-900">
          <tr>
            <th scope="col" className={th}>
              {t('pullRequests.columns.pullRequest')}
            </th>
            <th scope="col" className={th}>
              {t('pullRequests.columns.state')}
            </th>
            <th scope="col" className={th}>
              {t('pullRequests.columns.author')}
            </th>
            <th scope="col" className={th}>
              {t('pullRequests.columns.age')}
            </th>
            <th scope="col" className={th}>
              {t('pullRequests.columns.size')}
            </th>
            <th scope="col" className={th}>
              {t('pullRequests.columns.reviews')}
            </th>
            <th scope="col" className={th}>
              {t('pullRequests.columns.comments')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {pullRequests.map((pullRequest) => (
            <tr key={pullRequest.id} data-testid="pr-row">
              <td className={cn(td, 'min-w-64')}>
                <Repository pullRequest={pullRequest} />
                <TitleLink pullRequest={pullRequest} />
                <RowAction pullRequest={pullRequest} rowAction={rowAction} />
              </td>
              <td className={td}>
                <StateBadges pullRequest={pullRequest} />
              </td>
              <td className={td}>
                <Author pullRequest={pullRequest} />
              </td>
              <td className={td}>
                <Age pullRequest={pullRequest} />
              </td>
              <td className={cn(td, 'min-w-40')}>
                <Size pullRequest={pullRequest} />
              </td>
              <td className={td}>
                <Reviews pullRequest={pullRequest} />
              </td>
              <td className={td}>
                <Comments pullRequest={pullRequest} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PullRequestCards({ pullRequests, busy, rowAction }: ListProps) {
  const { t } = useTranslation();
  const term = 'text-xs text-slate-600 dark:text-slate-400';
  return (
    <ul
      className={cn('flex flex-col gap-3', busy && 'opacity-60')}
      aria-label={t('pullRequests.title')}
      aria-busy={busy}
      data-testid="pr-cards"
    >
      {pullRequests.map((pullRequest) => (
        <li
          key={pullRequest.id}
          data-testid="pr-row"
          className="relative flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="flex min-w-0 flex-col gap-1">
            <Repository pullRequest={pullRequest} />
            <TitleLink pullRequest={pullRequest} />
          </div>
          <StateBadges pullRequest={pullRequest} />
          <RowAction pullRequest={pullRequest} rowAction={rowAction} />
          <dl className="grid grid-cols-1 gap-2 text-sm min-[400px]:grid-cols-2">
            <div className="flex min-w-0 flex-col gap-0.5">
              <dt className={term}>{t('pullRequests.columns.author')}</dt>
              <dd className="min-w-0">
                <Author pullRequest={pullRequest} />
              </dd>
            </div>
            <div className="flex min-w-0 flex-col gap-0.5">
              <dt className={term}>{t('pullRequests.columns.age')}</dt>
              <dd>
                <Age pullRequest={pullRequest} />
              </dd>
            </div>
            <div className="flex min-w-0 flex-col gap-0.5">
              <dt className={term}>{t('pullRequests.columns.size')}</dt>
              <dd className="min-w-0">
                <Size pullRequest={pullRequest} />
              </dd>
            </div>
            <div className="flex min-w-0 flex-col gap-0.5">
              <dt className={term}>{t('pullRequests.columns.comments')}</dt>
              <dd>
                <Comments pullRequest={pullRequest} />
              </dd>
            </div>
            <div className="flex min-w-0 flex-col gap-0.5 min-[400px]:col-span-2">
              <dt className={term}>{t('pullRequests.columns.reviews')}</dt>
              <dd className="min-w-0">
                <Reviews pullRequest={pullRequest} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

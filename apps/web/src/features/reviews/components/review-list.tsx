import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import type { ReviewRecord } from '@rota/contracts';
import { pullRequestUrl, shortSha } from '../model/review-view';
import { engineName, ReviewStatusBadge, reviewWhy } from './review-labels';

const linkClasses =
  'rounded-sm font-medium wrap-anywhere text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';
const term = 'text-xs text-slate-600 dark:text-slate-400';

/**
 * The reviews, newest first, as cards whose facts reflow from one column on a phone to a row on
 * wide screens (one layout for every width: each review is met once).
 */
export function ReviewList({ reviews }: { reviews: ReviewRecord[] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-3" aria-label={t('reviews.title')} data-testid="review-list">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}

function ReviewItem({ review }: { review: ReviewRecord }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const name = `${review.repository}#${review.pull_request_number}`;
  const detail = new URLSearchParams(params);
  detail.set('tab', 'reviews');
  detail.set('review', review.id);
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
      data-testid="review-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <a
            href={pullRequestUrl(review.repository, review.pull_request_number)}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClasses}
            aria-label={t('reviews.openOnGitHub', { name })}
            data-testid="review-pr-link"
          >
            <span className="text-slate-600 dark:text-slate-400">{review.repository}</span>{' '}
            <span className="font-mono">#{review.pull_request_number}</span>
          </a>
          <div className="flex flex-wrap items-center gap-2">
            <ReviewStatusBadge review={review} />
            <span className="text-sm text-slate-700 dark:text-slate-300" data-testid="review-why">
              {reviewWhy(t, review)}
            </span>
          </div>
        </div>
        <Link
          to={{ search: `?${detail.toString()}` }}
          className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-indigo-950"
          aria-label={t('reviews.openDetail', { name })}
          data-testid="review-open"
        >
          {t('reviews.findingsCount', { count: review.findings_count })}
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm min-[400px]:grid-cols-2 lg:grid-cols-4">
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className={term}>{t('reviews.columns.headSha')}</dt>
          <dd className="font-mono" title={review.head_sha} data-testid="review-sha">
            {shortSha(review.head_sha)}
          </dd>
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className={term}>{t('reviews.columns.engine')}</dt>
          <dd data-testid="review-engine">{engineName(t, review.engine)}</dd>
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className={term}>{t('reviews.columns.trigger')}</dt>
          <dd data-testid="review-trigger">{t(`reviews.trigger.${review.trigger}`)}</dd>
        </div>
        <div className="flex min-w-0 flex-col gap-0.5">
          <dt className={term}>{t('reviews.columns.created')}</dt>
          <dd title={formatDateTime(review.created_at, i18n.language)} data-testid="review-time">
            {formatRelativeTime(review.created_at, i18n.language)}
          </dd>
        </div>
      </dl>
    </li>
  );
}

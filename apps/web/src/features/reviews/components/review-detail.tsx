import type { ReviewDetail as ReviewDetailData } from '@rota/contracts';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateError } from '../../../lib/error-text';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useReview } from '../api/get-review';
import { pullRequestUrl, shortSha } from '../model/review-view';
import { ReviewCoverageSection } from './review-coverage';
import { ReviewFindings } from './review-findings';
import { engineName, ReviewStatusBadge, reviewWhy } from './review-labels';
import { ReviewReviewer } from './review-reviewer';

const backClasses =
  'inline-flex items-center gap-1 self-start rounded-md text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';

/** The link back to the list: the address loses `review`, keeps the tab. */
function BackLink() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const list = new URLSearchParams(params);
  list.delete('review');
  return (
    <Link to={{ search: `?${list.toString()}` }} className={backClasses} data-testid="review-back">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('reviews.detail.back')}
    </Link>
  );
}

/** One review (`?tab=reviews&review={id}`, a link others may share): verdict, findings, coverage. */
export function ReviewDetail({ projectId, reviewId }: { projectId: string; reviewId: string }) {
  const { t } = useTranslation();
  const query = useReview(projectId, reviewId);
  let body: ReactNode;
  if (query.data) {
    body = <ReviewBody review={query.data} />;
  } else if (query.isError) {
    const error = toApiError(query.error);
    body =
      error.status === 404 ? (
        <EmptyState
          icon={<FileQuestion className="size-8" />}
          title={t('reviews.detail.notFound')}
        />
      ) : (
        <ErrorState
          title={describeFailure(t, 'reviews.fetchDetailFailed', error).title}
          message={
            describeFailure(t, 'reviews.fetchDetailFailed', error).detail ?? t('errors.generic')
          }
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
  } else {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('reviews.loading')}
        className="flex flex-col gap-3"
      >
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="review-detail">
      <BackLink />
      {body}
    </div>
  );
}

function ReviewBody({ review }: { review: ReviewDetailData }) {
  const { t, i18n } = useTranslation();
  const name = `${review.repository}#${review.pull_request_number}`;
  const english = i18n.language.startsWith('en');
  const published = review.published;
  return (
    <>
      <Card className="flex min-w-0 flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold wrap-anywhere">
          {t('reviews.detail.title', { name })}
        </h2>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <a
            href={pullRequestUrl(review.repository, review.pull_request_number)}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300"
            aria-label={t('reviews.openOnGitHub', { name })}
          >
            {name}
          </a>
          <span className="font-mono" title={review.head_sha}>
            {shortSha(review.head_sha)}
          </span>
          <span>{engineName(t, review.engine)}</span>
          <span>{t(`reviews.trigger.${review.trigger}`)}</span>
          <span title={formatDateTime(review.created_at, i18n.language)}>
            {formatRelativeTime(review.created_at, i18n.language)}
          </span>
        </p>
        <div className="flex flex-col gap-1" data-testid="review-verdict">
          <h3 className="text-sm font-semibold">{t('reviews.detail.verdict')}</h3>
          <div className="flex flex-wrap items-center gap-2">
            <ReviewStatusBadge review={review} />
            <span className="text-sm">{reviewWhy(t, review)}</span>
          </div>
          {review.reason && (
            <p className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">
              {english ? (
                review.reason
              ) : (
                <>
                  {t('reviews.serverNote')}: <span lang="en">{review.reason}</span>
                </>
              )}
            </p>
          )}
          {published?.at && (
            <p className="text-sm" data-testid="review-published">
              {t('reviews.detail.published', { time: formatDateTime(published.at, i18n.language) })}
            </p>
          )}
          {published?.error && (
            <p
              className="text-sm text-amber-800 dark:text-amber-300"
              data-testid="review-publish-error"
            >
              {t('reviews.detail.publishFailed', { reason: translateError(t, published.error) })}
            </p>
          )}
        </div>
      </Card>
      <Card
        className="flex min-w-0 flex-col gap-3 p-4"
        role="region"
        aria-labelledby="review-findings-title"
      >
        <h2 id="review-findings-title" className="text-lg font-semibold">
          {t('reviews.detail.findings')}
        </h2>
        <ReviewFindings findings={review.findings} />
      </Card>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <Card
          className="flex min-w-0 flex-col gap-3 p-4"
          role="region"
          aria-labelledby="review-coverage-title"
        >
          <h2 id="review-coverage-title" className="text-lg font-semibold">
            {t('reviews.detail.coverage')}
          </h2>
          <ReviewCoverageSection coverage={review.coverage} />
        </Card>
        <Card
          className="flex min-w-0 flex-col gap-3 p-4"
          role="region"
          aria-labelledby="review-reviewer-title"
        >
          <h2 id="review-reviewer-title" className="text-lg font-semibold">
            {t('reviews.detail.reviewer')}
          </h2>
          <ReviewReviewer llm={review.llm} />
        </Card>
      </div>
    </>
  );
}

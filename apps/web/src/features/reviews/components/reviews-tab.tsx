import { FolderPlus, Loader2, ScanSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReviews } from '../api/list-reviews';
import { anyPending } from '../model/review-view';
import { ReviewDetail } from './review-detail';
import { ReviewList } from './review-list';
import { ReviewNowForm } from './review-now-form';
import { ReviewStatsHeader } from './review-stats';

export interface ReviewsTabProps {
  projectId: string;
  /** The project's GitHub repositories (`owner/repo`): the only ones Rota reviews. */
  repositories: string[];
  /** Whether this user may ask for reviews (the project's owner); others only read them. */
  canRequestReview: boolean;
  addRepository: () => void;
}

/** Rota's reviews of the project's pull requests: summary, list, one review's detail. */
export function ReviewsTab(props: ReviewsTabProps) {
  const [params] = useSearchParams();
  const reviewId = params.get('review');
  if (props.repositories.length === 0) return <NoGitHub addRepository={props.addRepository} />;
  if (reviewId) return <ReviewDetail projectId={props.projectId} reviewId={reviewId} />;
  return <ReviewsOverview {...props} />;
}

function NoGitHub({ addRepository }: { addRepository: () => void }) {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<ScanSearch className="size-8" />}
      title={t('reviews.empty.noGitHubTitle')}
      description={t('reviews.empty.noGitHubText')}
      action={
        <Button onClick={addRepository}>
          <FolderPlus className="size-4" aria-hidden="true" />
          {t('reviews.empty.addRepository')}
        </Button>
      }
    />
  );
}

function ReviewsOverview({ projectId, repositories, canRequestReview }: ReviewsTabProps) {
  const { t } = useTranslation();
  const query = useReviews(projectId);
  const list = query.data;
  if (!list) {
    return (
      <QueryState
        query={query}
        failureKey="reviews.fetchFailed"
        loadingLabel={t('reviews.loading')}
        className="flex flex-col gap-4"
      >
        <Skeleton className="h-28 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </QueryState>
    );
  }
  const polling = anyPending(list);
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="reviews-tab">
      <ReviewStatsHeader stats={list.stats} />
      {canRequestReview && <ReviewNowForm projectId={projectId} repositories={repositories} />}
      <p
        role="status"
        className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400"
        data-testid="review-total"
      >
        {t('reviews.count', { count: list.reviews.length })}
        {polling && (
          <>
            <Loader2 className="size-4 motion-safe:animate-spin" aria-hidden="true" />
            <span data-testid="review-polling">{t('reviews.polling')}</span>
          </>
        )}
      </p>
      {list.reviews.length === 0 ? (
        <EmptyState
          icon={<ScanSearch className="size-8" />}
          title={t('reviews.empty.noneTitle')}
          description={t('reviews.empty.noneText')}
        />
      ) : (
        <ReviewList reviews={list.reviews} />
      )}
    </div>
  );
}

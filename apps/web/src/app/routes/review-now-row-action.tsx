import type { PullRequestRowAction } from '../../features/pull-requests/components/pull-request-list';
import { ReviewNowButton } from '../../features/reviews/components/review-now-button';

/** The reviews' "Review now" on each open pull request of the Pull requests tab. */
export const reviewNowRowAction =
  (projectId: string): PullRequestRowAction =>
  (pullRequest) =>
    pullRequest.state === 'open' ? (
      <ReviewNowButton
        projectId={projectId}
        repository={pullRequest.repository.full_name}
        number={pullRequest.number}
      />
    ) : null;

import '../i18n';
import { ScanSearch } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useRequestReview, type ReviewTarget } from '../api/request-review';

/**
 * "Review now" on one open pull request (the Pull requests tab puts it on each open row; only a
 * project's owner is offered it). The toast says whether the review was asked for.
 */
export function ReviewNowButton({
  projectId,
  repository,
  number,
}: { projectId: string } & ReviewTarget) {
  const { t } = useTranslation();
  const mutation = useRequestReview(projectId);
  return (
    <Button
      variant="secondary"
      className="px-2.5 py-1 text-xs"
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ repository, number })}
      aria-label={t('reviews.reviewNow.buttonFor', { number })}
      data-testid="review-now"
    >
      <ScanSearch className="size-3.5" aria-hidden="true" />
      {t('reviews.reviewNow.button')}
    </Button>
  );
}

import type { ReviewCoverage } from '@rota/contracts';
import { useTranslation } from 'react-i18next';

/** What the review read, what it skipped and why, and what GitHub never listed: nothing silent. */
export function ReviewCoverageSection({ coverage }: { coverage: ReviewCoverage | null }) {
  const { t } = useTranslation();
  if (!coverage) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('reviews.detail.noCoverage')}</p>
    );
  }
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="review-coverage">
      <p data-testid="review-files-reviewed">
        {t('reviews.detail.filesReviewed', { count: coverage.filesReviewed })}
      </p>
      {coverage.filesSkipped.length > 0 && (
        <div className="flex flex-col gap-1">
          <p>{t('reviews.detail.filesSkipped', { count: coverage.filesSkipped.length })}</p>
          <ul className="flex flex-col gap-0.5" data-testid="review-files-skipped">
            {coverage.filesSkipped.map((skipped) => (
              <li key={skipped.file} className="flex min-w-0 flex-wrap gap-x-2">
                <span className="font-mono break-all">{skipped.file}</span>
                <span className="text-slate-600 dark:text-slate-400">
                  {t(`reviews.skipReason.${skipped.reason}`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {coverage.filesNotListed !== undefined && coverage.filesNotListed > 0 && (
        <p className="text-amber-800 dark:text-amber-300" data-testid="review-files-not-listed">
          {t('reviews.detail.filesNotListed', { count: coverage.filesNotListed })}
        </p>
      )}
    </div>
  );
}

import { isTemporaryFailure } from '@rota/contracts';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { describeJobError } from '../../model/job-error';
import type { ReportRepo } from '../../model/report-model';
import { repoTitle } from '../../model/report-markdown';
import type { RepoStatus } from '../../model/summary/repo-status';

/**
 * One box for a repository whose analyses failed: why (each distinct cause once; one failed fetch
 * fails all four), which analyses, and one button that analyses the whole repository again.
 */
export function RepoFailureBox({
  repo,
  status,
  onRetry,
  retrying,
  retryError,
}: {
  repo: ReportRepo;
  status: Extract<RepoStatus, { state: 'failed' }>;
  /** Absent for an archived project: it starts no analyses. */
  onRetry: (() => void) | undefined;
  retrying: boolean;
  retryError: string | null;
}) {
  const { t } = useTranslation();
  const reasons = status.errors.map((job) => describeJobError(t, job, repo.branch));
  // Analysing again helps only when some cause may pass; a missing branch fails the same way again.
  const retryHelps = status.errors.some((job) => !job?.error || isTemporaryFailure(job.error.code));
  const analyses = status.failed.map((kind) => t(`analysis.report.sections.${kind}`)).join(', ');
  return (
    <div
      role="alert"
      data-testid="repo-failure"
      className="flex flex-col items-start gap-2 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {t('analysis.summary.failedTitle', { repo: repoTitle(repo) })}
      </p>
      <ul className="flex flex-col gap-1 text-sm">
        {reasons.map((reason, index) => (
          <li key={index} className="wrap-anywhere">
            {reason.reason}
            {reason.detail && (
              <>
                {' '}
                <span className="font-medium">{t('analysis.serverSaid')}</span> {reason.detail}
              </>
            )}
          </li>
        ))}
      </ul>
      <p className="text-xs">{t('analysis.summary.failedAnalyses', { analyses })}</p>
      {onRetry && retryHelps && (
        <Button variant="secondary" onClick={onRetry} disabled={retrying} data-testid="repo-retry">
          <RotateCw className="size-4" aria-hidden="true" />
          {t('analysis.summary.retryAll')}
        </Button>
      )}
      {retryError && <p className="text-sm">{retryError}</p>}
    </div>
  );
}

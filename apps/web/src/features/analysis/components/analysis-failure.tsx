import { isTemporaryFailure, type JobSummary } from '@rota/contracts';
import { AlertTriangle, GitBranch, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { describeJobError } from '../model/job-error';
import { useBranchSwitch } from './branch-switch';

/**
 * A failed job: what went wrong in the UI language, the server's words when they add a fact, a
 * retry when the cause may pass, and, for a branch that does not exist, switching the repository to
 * its default branch.
 */
export function AnalysisFailure({
  title,
  job,
  branch,
  repoId,
  defaultBranch = null,
  onRetry,
  retrying,
  compact = false,
}: {
  title: string;
  job: Pick<JobSummary, 'error'> | null;
  branch: string;
  repoId?: string;
  defaultBranch?: string | null;
  onRetry?: (() => void) | undefined;
  retrying?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { reason, detail, code, switchTo } = describeJobError(t, job, branch, defaultBranch);
  const switchBranch = useBranchSwitch();
  const [switching, setSwitching] = useState<'idle' | 'pending' | 'failed'>('idle');
  const offerSwitch = switchTo !== null && switchBranch !== null && repoId !== undefined;
  // "Try again" only where it can help: a missing branch or repository fails again the same way.
  const offerRetry = onRetry !== undefined && (code === null || isTemporaryFailure(code));
  return (
    <div
      role="alert"
      data-testid="analysis-failure"
      className={cn(
        'flex flex-col items-start gap-2 rounded-xl border border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
        compact ? 'p-3' : 'p-4',
      )}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
        {title}
      </p>
      <p className="text-sm">{reason}</p>
      {detail && (
        <p className="text-sm">
          <span className="font-medium">{t('analysis.serverSaid')}</span>{' '}
          <span className="wrap-anywhere">{detail}</span>
          {code && <code className="ml-1 font-mono text-xs">({code})</code>}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {offerSwitch && (
          <Button
            onClick={() => {
              setSwitching('pending');
              switchBranch(repoId, switchTo).then(
                () => setSwitching('idle'),
                () => setSwitching('failed'),
              );
            }}
            disabled={switching === 'pending'}
            data-testid="analysis-switch-branch"
          >
            <GitBranch className="size-4" aria-hidden="true" />
            {t('analysis.switchBranch', { branch: switchTo })}
          </Button>
        )}
        {offerRetry && (
          <Button variant="secondary" onClick={onRetry} disabled={retrying}>
            <RotateCw className="size-4" aria-hidden="true" />
            {t('common.retry')}
          </Button>
        )}
      </div>
      {switching === 'failed' && <p className="text-sm">{t('analysis.switchBranchFailed')}</p>}
    </div>
  );
}

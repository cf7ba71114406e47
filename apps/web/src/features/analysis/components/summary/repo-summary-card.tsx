import { useTranslation } from 'react-i18next';
import { branchLabel } from '../../../../lib/failure-text';
import { JobProgress } from '../job-progress';
import { repoTitle } from '../../model/report-markdown';
import type { ReportRepository } from '../../model/report-model';
import { hasResults, repoStatus } from '../../model/summary/repo-status';
import type { RenderDetailLink } from './detail-link';
import { RepoFailureBox } from './repo-failure-box';
import { RepoHeadline } from './repo-headline';
import type { RepoRetry } from './use-repo-retry';

/**
 * A repository as the project Overview shows it: its headlines, or one clear state when its
 * analyses failed (one box, one retry) or are still running with nothing to show yet.
 */
export function RepoSummaryCard({
  repository,
  index,
  renderLink,
  retry,
}: {
  repository: ReportRepository;
  index: number;
  renderLink: RenderDetailLink;
  retry: RepoRetry;
}) {
  const { t } = useTranslation();
  const status = repoStatus(repository);
  const { repo } = repository;
  const title = repoTitle(repo);
  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 dark:border-slate-800 dark:bg-slate-950"
      data-testid="repo-summary"
    >
      <div className="flex min-w-0 flex-col">
        <h3 className="font-semibold wrap-anywhere">{title}</h3>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400" title={repo.branch}>
          {t('analysis.branch')}:{' '}
          <code className="font-mono">{branchLabel(t, repo.branch, null)}</code>
        </p>
      </div>
      {status.state === 'failed' && (
        <RepoFailureBox
          repo={repo}
          status={status}
          onRetry={retry.enabled ? () => retry.run(repo.id) : undefined}
          retrying={retry.pendingId === repo.id}
          retryError={retry.errorFor(repo.id)}
        />
      )}
      {status.state === 'working' ? (
        <JobProgress
          job={{ progress: status.progress, stage: null, status: 'running' }}
          label={t('analysis.summary.workingLabel', { repo: title })}
        />
      ) : (
        // A failure of some analyses does not hide what the others found.
        (status.state === 'shown' || hasResults(repository)) && (
          <RepoHeadline repository={repository} index={index} renderLink={renderLink} />
        )
      )}
    </li>
  );
}

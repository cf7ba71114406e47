import type { JobSummary, ProjectRepo } from '@rota/contracts';
import { Archive, GitCommitHorizontal, Hourglass, Play } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { branchLabel } from '../../../lib/failure-text';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import type { AnalysisView } from '../api/analysis-kinds';
import type { AnalysisEntry } from '../api/fetch-analysis';
import type { EntryView } from '../model/entry-view';
import { shortSha } from '../model/format';
import { AnalysisFailure } from './analysis-failure';
import { JobProgress } from './job-progress';
import { RelativeDate } from './relative-date';
import { repoLabel } from './repo-picker';
import { StaleBadge } from './stale-badge';

/** Nothing stored yet: the job's progress and what happens next. */
export function FirstRunProgress({
  job,
}: {
  job: Pick<JobSummary, 'progress' | 'stage' | 'status'>;
}) {
  const { t } = useTranslation();
  return (
    <Card className="flex flex-col gap-4 p-5" data-testid="analysis-first-run">
      <div className="flex items-start gap-3">
        <Hourglass
          className="mt-0.5 size-5 shrink-0 text-indigo-600 dark:text-indigo-400"
          aria-hidden="true"
        />
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold">{t('analysis.firstRunTitle')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('analysis.firstRunText')}</p>
        </div>
      </div>
      <JobProgress job={job} />
    </Card>
  );
}

/** Which repository, branch and commit the result on screen is from, and when. */
function EntryMeta({ entry, stale }: { entry: AnalysisEntry<AnalysisView>; stale: boolean }) {
  const { t } = useTranslation();
  return (
    <p
      className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400"
      data-testid="analysis-meta"
    >
      <span className="font-medium text-slate-900 dark:text-slate-100">{repoLabel(entry)}</span>
      <span>
        {t('analysis.branch')}:{' '}
        <code className="font-mono">{branchLabel(t, entry.branch, entry.defaultBranch)}</code>
      </span>
      {entry.commit && (
        <span className="inline-flex items-center gap-1">
          <GitCommitHorizontal className="size-4" aria-hidden="true" />
          {t('analysis.commit')}:{' '}
          <code className="font-mono" title={entry.commit}>
            {shortSha(entry.commit)}
          </code>
        </span>
      )}
      {entry.analyzedAt && (
        <span>
          {t('analysis.analyzedAt')} <RelativeDate value={entry.analyzedAt} />
        </span>
      )}
      {stale && <StaleBadge commit={entry.commit} />}
    </p>
  );
}

export function EntryStatus<K extends AnalysisView>({
  view,
  entry,
  kind,
  repo,
  retry,
  retrying,
  children,
}: {
  view: EntryView<K>;
  entry: AnalysisEntry<K>;
  kind: K;
  repo: ProjectRepo | null;
  retry: (() => void) | undefined;
  retrying: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const failedTitle = t('analysis.failedTitle', { repo: repoLabel(repo ?? entry) });
  switch (view.phase) {
    case 'working':
      return <FirstRunProgress job={view.job} />;
    case 'failed':
      return (
        <AnalysisFailure
          title={failedTitle}
          job={view.job}
          branch={entry.branch}
          repoId={entry.repoId}
          defaultBranch={entry.defaultBranch}
          onRetry={retry}
          retrying={retrying}
        />
      );
    case 'invalid':
      return (
        <ErrorState
          title={t(`analysis.fetchFailed.${kind}`)}
          message={t('analysis.invalidResult')}
          {...(retry ? { onRetry: retry } : {})}
          retrying={retrying}
        />
      );
    case 'archived':
      return (
        <EmptyState
          icon={<Archive className="size-8" />}
          title={t('analysis.archivedTitle')}
          description={t('analysis.archivedText')}
        />
      );
    case 'notAnalyzed':
      return (
        <EmptyState
          title={t('analysis.notAnalyzedTitle')}
          description={t('analysis.notAnalyzedText')}
          action={
            retry && (
              <Button onClick={retry} disabled={retrying}>
                <Play className="size-4" aria-hidden="true" />
                {t('analysis.analyzeNow')}
              </Button>
            )
          }
        />
      );
    case 'ready':
      return (
        <div className="flex flex-col gap-4">
          <EntryMeta entry={entry} stale={view.stale} />
          {view.updating && (
            <Card className="flex flex-col gap-2 p-4" data-testid="analysis-updating">
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t('analysis.updatingText', { commit: shortSha(entry.commit) })}
              </p>
              <JobProgress job={view.updating} />
            </Card>
          )}
          {view.lastFailure && (
            <AnalysisFailure
              compact
              title={t('analysis.updateFailedTitle', { commit: shortSha(entry.commit) })}
              job={view.lastFailure}
              branch={entry.branch}
              repoId={entry.repoId}
              defaultBranch={entry.defaultBranch}
              onRetry={retry}
              retrying={retrying}
            />
          )}
          {children}
        </div>
      );
  }
}

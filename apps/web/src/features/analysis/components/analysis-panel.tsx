import '../i18n';
import type { Project } from '@rota/contracts';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateError } from '../../../lib/error-text';
import type { AnalysisView, ResultOf } from '../api/analysis-kinds';
import type { AnalysisEntry } from '../api/fetch-analysis';
import { isJobActive } from '../api/get-job';
import { useAnalysis } from '../api/use-analysis';
import { combineJobs, describeEntry } from '../model/entry-view';
import { EntryStatus, FirstRunProgress } from './entry-status';
import { RepoPicker, useSelectedRepo } from './repo-picker';

export interface AnalysisPanelProps<K extends AnalysisView> {
  project: Pick<Project, 'id' | 'status' | 'repos'>;
  kind: K;
  children: (result: ResultOf<K>, entry: AnalysisEntry<K>) => ReactNode;
}

/**
 * Everything an analysis tab shares: the repository picker, loading, first-time progress, the
 * stale badge with the analysed commit, failures with their reason and a retry, and a refresh.
 * The tab itself only draws a ready result.
 */
export function AnalysisPanel<K extends AnalysisView>({
  project,
  kind,
  children,
}: AnalysisPanelProps<K>) {
  const { t } = useTranslation();
  const { query, jobs, refresh } = useAnalysis(project.id, kind);
  const [repo, selectRepo] = useSelectedRepo(project.repos);
  const archived = project.status === 'archived';
  const snapshot = query.data;
  const entry =
    snapshot?.state === 'ready'
      ? (snapshot.entries.find((candidate) => candidate.repoId === repo?.id) ?? snapshot.entries[0])
      : undefined;
  const busy =
    refresh.isPending ||
    snapshot?.state === 'accepted' ||
    (entry ? isJobActive(entry.job ? (jobs.get(entry.job.id) ?? entry.job) : null) : false);

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label={t('common.loading')}
        className="flex flex-col gap-4"
      >
        <Skeleton className="h-24 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  } else if (query.isError) {
    const { title, detail } = describeFailure(
      t,
      `analysis.fetchFailed.${kind}`,
      toApiError(query.error),
    );
    body = (
      <ErrorState
        title={title}
        message={detail ?? t('errors.generic')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (snapshot?.state === 'accepted') {
    const job = combineJobs(snapshot.accepted.jobs.map((item) => jobs.get(item.id) ?? item)) ?? {
      progress: snapshot.accepted.progress,
      stage: null,
      status: snapshot.accepted.status,
    };
    body = <FirstRunProgress job={job} />;
  } else if (!entry) {
    body = null;
  } else {
    const view = describeEntry(entry, jobs, archived);
    body = (
      <EntryStatus
        view={view}
        entry={entry}
        kind={kind}
        repo={repo}
        retry={archived ? undefined : () => refresh.mutate()}
        retrying={refresh.isPending}
      >
        {view.phase === 'ready' ? children(view.result, entry) : null}
      </EntryStatus>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid={`analysis-${kind}`}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <RepoPicker repos={project.repos} selected={repo} onSelect={selectRepo} />
        {!archived && (
          <Button
            variant="secondary"
            className="ml-auto"
            onClick={() => refresh.mutate()}
            disabled={busy || query.isPending}
            data-testid="analysis-refresh"
          >
            <RefreshCw
              className={refresh.isPending ? 'size-4 animate-spin' : 'size-4'}
              aria-hidden="true"
            />
            {t('analysis.refresh')}
          </Button>
        )}
      </div>
      {refresh.isError && (
        <Alert>
          {t(`analysis.fetchFailed.${kind}`)}: {translateError(t, toApiError(refresh.error))}
        </Alert>
      )}
      {body}
    </div>
  );
}

import { ANALYSIS_VIEWS } from '../../api/analysis-kinds';
import { repoTitle } from '../../model/report-markdown';
import type { ReportRepository as Repository } from '../../model/report-model';
import { repoStatus } from '../../model/summary/repo-status';
import { IdScope } from '../id-scope';
import { RepoFailureBox } from '../summary/repo-failure-box';
import type { RepoRetry } from '../summary/use-repo-retry';
import { ReportSection } from './report-section';

export const repoAnchor = (index: number) => `repository-${index + 1}`;

/**
 * One repository of the report; each starts on a new page when printed. A repository whose
 * analyses failed gets one failure box with one retry for all of them, not one per section.
 */
export function ReportRepository({
  repository,
  index,
  retry,
}: {
  repository: Repository;
  index: number;
  retry: RepoRetry;
}) {
  const anchor = repoAnchor(index);
  const { repo } = repository;
  const status = repoStatus(repository);
  return (
    <IdScope.Provider value={`${anchor}-`}>
      <section
        id={anchor}
        aria-labelledby={`${anchor}-title`}
        className="report-repository flex scroll-mt-4 flex-col gap-8 border-t border-slate-200 pt-8 dark:border-slate-800"
        data-testid="report-repository"
      >
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <h2 id={`${anchor}-title`} className="text-2xl font-semibold wrap-anywhere">
              {repoTitle(repo)}
            </h2>
            <p className="text-sm break-all text-slate-600 dark:text-slate-400">
              <code className="font-mono">{repo.branch}</code> · {repo.url}
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
        </div>
        {ANALYSIS_VIEWS.map((kind) => (
          <ReportSection
            key={kind}
            kind={kind}
            item={repository.items[kind]}
            repo={repo}
            anchor={`${anchor}-${kind}`}
          />
        ))}
      </section>
    </IdScope.Provider>
  );
}

import { ANALYSIS_VIEWS } from '../../api/analysis-kinds';
import { repoTitle } from '../../model/report-markdown';
import type { ReportRepository as Repository } from '../../model/report-model';
import { IdScope } from '../id-scope';
import { ReportSection } from './report-section';
import type { ReportAnalyses } from './use-report';

export const repoAnchor = (index: number) => `repository-${index + 1}`;

/** One repository of the report; each starts on a new page when printed. */
export function ReportRepository({
  repository,
  index,
  analyses,
  archived,
}: {
  repository: Repository;
  index: number;
  analyses: ReportAnalyses;
  archived: boolean;
}) {
  const anchor = repoAnchor(index);
  const { repo } = repository;
  return (
    <IdScope.Provider value={`${anchor}-`}>
      <section
        id={anchor}
        aria-labelledby={`${anchor}-title`}
        className="report-repository flex scroll-mt-4 flex-col gap-8 border-t border-slate-200 pt-8 dark:border-slate-800"
        data-testid="report-repository"
      >
        <div className="flex flex-col gap-1">
          <h2 id={`${anchor}-title`} className="text-2xl font-semibold break-words">
            {repoTitle(repo)}
          </h2>
          <p className="text-sm break-all text-slate-600 dark:text-slate-400">
            <code className="font-mono">{repo.branch}</code> · {repo.url}
          </p>
        </div>
        {ANALYSIS_VIEWS.map((kind) => (
          <ReportSection
            key={kind}
            kind={kind}
            item={repository.items[kind]}
            repo={repo}
            anchor={`${anchor}-${kind}`}
            onRetry={archived ? undefined : () => analyses[kind].refresh.mutate()}
            retrying={analyses[kind].refresh.isPending}
          />
        ))}
      </section>
    </IdScope.Provider>
  );
}

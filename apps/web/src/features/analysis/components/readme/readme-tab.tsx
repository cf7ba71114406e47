import type { Project } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import type { ReadmeResult } from '../../api/analysis-kinds';
import { AnalysisPanel } from '../analysis-panel';
import { SectionCard } from '../stat-tile';
import { ReadmeDocument } from './readme-document';
import { ReadmeSummary } from './readme-summary';

type ProjectPart = Pick<Project, 'id' | 'status' | 'repos'>;

export function ReadmeTab({ project }: { project: ProjectPart }) {
  return (
    <AnalysisPanel project={project} kind="readme">
      {(result, entry) => (
        <ReadmeView
          result={result}
          repo={project.repos.find((repo) => repo.id === entry.repoId) ?? null}
        />
      )}
    </AnalysisPanel>
  );
}

/** The summary, then the README itself, rendered and sanitised. */
export function ReadmeView({
  result,
  repo,
}: {
  result: ReadmeResult;
  repo: Project['repos'][number] | null;
}) {
  const { t } = useTranslation();
  const { readme, content } = result;
  return (
    <div className="flex flex-col gap-4">
      <ReadmeSummary result={result} />
      {readme.readme && (
        <SectionCard
          id="readme-document-title"
          title={t('analysis.readme.documentTitle', { file: readme.readme.path })}
        >
          {content === null ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('analysis.readme.noContent')}
            </p>
          ) : (
            <ReadmeDocument file={readme.readme} content={content} repo={repo} />
          )}
        </SectionCard>
      )}
    </div>
  );
}

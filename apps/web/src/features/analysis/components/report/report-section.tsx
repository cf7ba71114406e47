import { diagramMermaid, repositoryFullName } from '@rota/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisView, ResultOf } from '../../api/analysis-kinds';
import { shortSha } from '../../model/format';
import type { ReportItem, ReportRepo } from '../../model/report-model';
import { DiagramComponents, DiagramCycles } from '../diagram/diagram-details';
import { DiagramLegend } from '../diagram/diagram-legend';
import { DiagramViewer } from '../diagram/diagram-viewer';
import { HeadingLevel } from '../id-scope';
import { JobProgress } from '../job-progress';
import { ReadmeSummary } from '../readme/readme-summary';
import { RelativeDate } from '../relative-date';
import { StaleBadge } from '../stale-badge';
import { SectionCard } from '../stat-tile';
import { DirectoryTree } from '../structure/directory-tree';
import { FrameworksList } from '../structure/frameworks-list';
import { KeyFiles } from '../structure/key-files';
import { LanguageTable } from '../structure/language-table';
import { LargestFiles } from '../structure/largest-files';
import { StructureTotals } from '../structure/structure-totals';
import { TestsCard } from '../structure/tests-card';
import { diagramWords } from '../../model/diagram-words';
import { fileSafe } from '../../model/download';
import { ReportBranches } from './report-branches';

function ReadyContent<K extends AnalysisView>({
  kind,
  result,
  repo,
}: {
  kind: K;
  result: ResultOf<K>;
  repo: ReportRepo;
}) {
  const { t } = useTranslation();
  if (kind === 'branches') return <ReportBranches analysis={result as ResultOf<'branches'>} />;
  if (kind === 'readme') return <ReadmeSummary result={result as ResultOf<'readme'>} />;
  if (kind === 'structure') {
    const { structure, composition } = result as ResultOf<'structure'>;
    return (
      <div className="flex flex-col gap-4">
        <StructureTotals structure={structure} />
        <SectionCard id="structure-languages" title={t('analysis.structure.languagesTitle')}>
          <LanguageTable
            languages={structure.languages}
            caption={t('analysis.structure.languagesTable')}
          />
        </SectionCard>
        <FrameworksList frameworks={composition.frameworks} />
        <TestsCard tests={composition.tests} />
        <KeyFiles composition={composition} />
        <DirectoryTree
          directories={structure.directories}
          depthLimit={structure.limits.directoryDepth}
          openDepth={2}
        />
        <LargestFiles structure={structure} />
      </div>
    );
  }
  const diagram = result as ResultOf<'diagram'>;
  return (
    <div className="flex flex-col gap-4">
      {diagram.nodes.length > 0 && (
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900">
          <DiagramViewer
            source={diagramMermaid(diagram, diagramWords(t))}
            theme="light"
            fileName={fileSafe(
              t('analysis.diagram.fileName', {
                repo: repo.repo,
                commit: diagram.commit.slice(0, 7),
              }),
            )}
            label={t('analysis.diagram.viewerLabel', { repo: repositoryFullName(repo) })}
          />
          <DiagramLegend diagram={diagram} />
        </div>
      )}
      <DiagramCycles diagram={diagram} />
      <DiagramComponents diagram={diagram} />
    </div>
  );
}

/** One analysis of one repository in the report: its result, its progress, or why it is missing. */
export function ReportSection<K extends AnalysisView>({
  kind,
  item,
  repo,
  anchor,
}: {
  kind: K;
  item: ReportItem<K>;
  repo: ReportRepo;
  anchor: string;
}) {
  const { t } = useTranslation();
  let body: ReactNode;
  if (item.state === 'ready') {
    body = (
      <>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          {item.commit && (
            <span>
              {t('analysis.commit')}: <code className="font-mono">{shortSha(item.commit)}</code>
            </span>
          )}
          {item.analyzedAt && (
            <span>
              {t('analysis.analyzedAt')} <RelativeDate value={item.analyzedAt} />
            </span>
          )}
          {item.stale && <StaleBadge commit={item.commit} />}
        </p>
        <HeadingLevel.Provider value={4}>
          <ReadyContent kind={kind} result={item.result} repo={repo} />
        </HeadingLevel.Provider>
      </>
    );
  } else if (item.state === 'working') {
    body = <JobProgress job={item.job} className="max-w-xl" />;
  } else if (item.state === 'failed') {
    // The repository's one failure box above says why and offers the retry.
    body = (
      <p className="text-sm text-red-700 dark:text-red-300">
        {t('analysis.summary.failedSeeAbove')}
      </p>
    );
  } else {
    body = (
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t(`analysis.report.unavailable.${item.reason}`)}
      </p>
    );
  }
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className="report-section flex flex-col gap-3"
      data-testid={`report-${kind}`}
    >
      <h3 id={`${anchor}-title`} className="text-xl font-semibold">
        {t(`analysis.report.sections.${kind}`)}
      </h3>
      {body}
    </section>
  );
}

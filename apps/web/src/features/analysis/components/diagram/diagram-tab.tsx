import { diagramMermaid, type Project } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { diagramWords } from '../../model/diagram-words';
import { fileSafe } from '../../model/download';
import { AnalysisPanel } from '../analysis-panel';
import { repoLabel } from '../repo-picker';
import { SectionCard } from '../stat-tile';
import { DiagramComponents, DiagramCycles } from './diagram-details';
import { DiagramLegend } from './diagram-legend';
import { DiagramViewer } from './diagram-viewer';

export function DiagramTab({ project }: { project: Pick<Project, 'id' | 'status' | 'repos'> }) {
  const { t } = useTranslation();
  return (
    <AnalysisPanel project={project} kind="diagram">
      {(diagram, entry) =>
        diagram.nodes.length === 0 ? (
          <EmptyState
            title={t('analysis.diagram.emptyTitle')}
            description={t('analysis.diagram.emptyText')}
          />
        ) : (
          <div className="flex flex-col gap-4">
            <SectionCard id="diagram-title" title={t('analysis.diagram.title')}>
              <DiagramViewer
                source={diagramMermaid(diagram, diagramWords(t))}
                fileName={fileSafe(
                  t('analysis.diagram.fileName', {
                    repo: entry.repo,
                    commit: entry.commit?.slice(0, 7) ?? '',
                  }),
                )}
                label={t('analysis.diagram.viewerLabel', { repo: repoLabel(entry) })}
              />
              <DiagramLegend diagram={diagram} />
            </SectionCard>
            <DiagramCycles diagram={diagram} />
            <DiagramComponents diagram={diagram} />
          </div>
        )
      }
    </AnalysisPanel>
  );
}

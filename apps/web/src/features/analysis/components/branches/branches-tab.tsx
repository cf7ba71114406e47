import type { Project } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state';
import { AnalysisPanel } from '../analysis-panel';
import { BranchSummary } from './branch-summary';
import { BranchesTable } from './branches-table';

export function BranchesTab({ project }: { project: Pick<Project, 'id' | 'status' | 'repos'> }) {
  const { t } = useTranslation();
  return (
    <AnalysisPanel project={project} kind="branches">
      {(analysis) =>
        analysis.branches.length === 0 ? (
          <EmptyState
            title={t('analysis.branches.emptyTitle')}
            description={t('analysis.branches.emptyText')}
          />
        ) : (
          <div className="flex flex-col gap-6">
            <BranchSummary analysis={analysis} />
            <BranchesTable branches={analysis.branches} />
          </div>
        )
      }
    </AnalysisPanel>
  );
}

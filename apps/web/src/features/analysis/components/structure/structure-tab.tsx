import type { Project } from '@rota/contracts';
import type { StructureResult } from '../../api/analysis-kinds';
import { AnalysisPanel } from '../analysis-panel';
import { DirectoryTree } from './directory-tree';
import { FrameworksList } from './frameworks-list';
import { KeyFiles } from './key-files';
import { LanguagesSection } from './languages-section';
import { LargestFiles } from './largest-files';
import { StructureTotals } from './structure-totals';
import { TestsCard } from './tests-card';

export function StructureTab({ project }: { project: Pick<Project, 'id' | 'status' | 'repos'> }) {
  return (
    <AnalysisPanel project={project} kind="structure">
      {(result) => <StructureView result={result} />}
    </AnalysisPanel>
  );
}

function StructureView({ result }: { result: StructureResult }) {
  const { structure, composition } = result;
  return (
    <div className="flex flex-col gap-4">
      <StructureTotals structure={structure} />
      <LanguagesSection languages={structure.languages} />
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <FrameworksList frameworks={composition.frameworks} />
        <TestsCard tests={composition.tests} />
      </div>
      <KeyFiles composition={composition} />
      <DirectoryTree
        directories={structure.directories}
        depthLimit={structure.limits.directoryDepth}
      />
      <LargestFiles structure={structure} />
    </div>
  );
}

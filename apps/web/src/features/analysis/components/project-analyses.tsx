import '../i18n';
import type { Project } from '@rota/contracts';
import { BarChart3, FileText, FolderPlus } from 'lucide-react';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses, Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import type { TabItem } from '../../../components/ui/tabs';
import { i18n } from '../../../lib/i18n';
import { BranchSwitchContext, type SwitchBranch } from './branch-switch';
// The summary is the Overview's first content, so it comes with the page, not as a chunk asked for
// once the project has loaded (a round trip before its own requests could start).
import { ProjectSummary } from './summary/project-summary';

type ProjectPart = Pick<Project, 'id' | 'name' | 'status' | 'repos'>;

// Each tab is its own chunk: Recharts comes with Structure, Markdown with README, and Mermaid only
// once the Diagram tab draws (it is imported from there on demand).
function lazyTab(load: () => Promise<ComponentType<{ project: ProjectPart }>>) {
  const Tab = lazy(async () => ({ default: await load() }));
  return function LazyTab({ project }: { project: ProjectPart }) {
    return (
      <Suspense
        fallback={
          <div
            role="status"
            aria-busy="true"
            aria-label={i18n.t('common.loading')}
            className="flex flex-col gap-4"
          >
            <Skeleton className="h-10 w-72" />
            <Skeleton className="h-64 w-full rounded-xl" />
          </div>
        }
      >
        <Tab project={project} />
      </Suspense>
    );
  };
}

const BranchesTab = lazyTab(() => import('./branches/branches-tab').then((m) => m.BranchesTab));
const ReadmeTab = lazyTab(() => import('./readme/readme-tab').then((m) => m.ReadmeTab));
const StructureTab = lazyTab(() => import('./structure/structure-tab').then((m) => m.StructureTab));
const DiagramTab = lazyTab(() => import('./diagram/diagram-tab').then((m) => m.DiagramTab));

export interface ProjectAnalyses {
  tabs: TabItem[];
  actions?: ReactNode;
  overview?: ReactNode;
}

/**
 * What the analyses add to a project's page: four tabs and a link to the full report when it has
 * repositories; otherwise a note in the overview that pointing it at a repository is the first step.
 */
export function projectAnalyses(
  project: ProjectPart,
  helpers: { addRepository: () => void; switchBranch?: SwitchBranch },
): ProjectAnalyses {
  const t = i18n.t.bind(i18n);
  if (project.repos.length === 0) {
    return {
      tabs: [],
      overview: (
        <EmptyState
          icon={<BarChart3 className="size-8" />}
          title={t('analysis.noReposTitle')}
          description={t('analysis.noReposText')}
          action={
            <Button onClick={helpers.addRepository}>
              <FolderPlus className="size-4" aria-hidden="true" />
              {t('analysis.addRepository')}
            </Button>
          }
        />
      ),
    };
  }
  return {
    // The Overview opens with what the analyses found: headlines per repository, what to do first.
    overview: <ProjectSummary project={project} />,
    // Each tab can offer switching a repository whose branch does not exist to its default one.
    tabs: [
      { id: 'branches', label: t('analysis.tabs.branches'), Tab: BranchesTab },
      { id: 'readme', label: t('analysis.tabs.readme'), Tab: ReadmeTab },
      { id: 'structure', label: t('analysis.tabs.structure'), Tab: StructureTab },
      { id: 'diagram', label: t('analysis.tabs.diagram'), Tab: DiagramTab },
    ].map(({ id, label, Tab }) => ({
      id,
      label,
      content: (
        <BranchSwitchContext.Provider value={helpers.switchBranch ?? null}>
          <Tab project={project} />
        </BranchSwitchContext.Provider>
      ),
    })),
    actions: (
      <Link
        to={`/analyze-full/${encodeURIComponent(project.id)}`}
        className={buttonClasses('secondary')}
      >
        <FileText className="size-4" aria-hidden="true" />
        {t('analysis.fullReport')}
      </Link>
    ),
  };
}

import { projectAnalyses } from '../../features/analysis/components/project-analyses';
import { ProjectDetailPage } from '../../features/projects/components/project-detail-page';

/** Features do not know each other: the app puts the analyses' tabs on the project's page. */
export function ProjectDetailRoute() {
  return <ProjectDetailPage additions={projectAnalyses} />;
}

import { projectAnalyses } from '../../features/analysis/components/project-analyses';
import { projectAnalytics } from '../../features/analytics/components/project-analytics';
import type { AddToProjectPage } from '../../features/projects/components/project-detail-page';
import { ProjectDetailPage } from '../../features/projects/components/project-detail-page';
import { projectPullRequests } from '../../features/pull-requests/components/project-pull-requests';

/**
 * Features do not know each other: the app puts the pull requests' tab, the analytics tab and the
 * analyses' tabs (with their overview note and full report link) on the project's page.
 */
const projectAdditions: AddToProjectPage = (project, helpers) => {
  const analyses = projectAnalyses(project, helpers);
  const pullRequests = projectPullRequests(project, helpers);
  const analytics = projectAnalytics(project);
  return { ...analyses, tabs: [...pullRequests.tabs, ...analytics.tabs, ...analyses.tabs] };
};

export function ProjectDetailRoute() {
  return <ProjectDetailPage additions={projectAdditions} />;
}

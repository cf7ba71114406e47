import type { Project } from '@rota/contracts';
import {
  agreementsEditSection,
  projectAgreements,
} from '../../features/agreements/components/project-agreements';
import { projectAnalyses } from '../../features/analysis/components/project-analyses';
import { projectAnalytics } from '../../features/analytics/components/project-analytics';
import { projectChat } from '../../features/chat/components/project-chat';
import type { AddToProjectPage } from '../../features/projects/components/project-detail-page';
import { ProjectDetailPage } from '../../features/projects/components/project-detail-page';
import { projectPullRequests } from '../../features/pull-requests/components/project-pull-requests';
import { projectReviews } from '../../features/reviews/components/project-reviews';
import { projectTeams } from '../../features/teams/components/project-teams';
import type { PagePrefetch } from '../lazy-page';
import { prefetchProject } from './prefetch-project';
import { reviewNowRowAction } from './review-now-row-action';

/**
 * Whether the signed-in user may ask Rota to review this project's pull requests. The API shows a
 * project only to its owner (team members are names on the project, not accounts that can open
 * it), so whoever sees the page owns it; this is the one place to narrow that if sharing arrives.
 */
const mayRequestReviews = (_project: Project): boolean => true;

/**
 * Features do not know each other: the app puts the pull requests' tab (with "Review now" on each
 * open pull request), the reviews' tab, the analytics tab, the working agreements' tab, the
 * analyses' tabs (with their overview note and full report link) and the chat notifications' tab
 * on the project's page, and the working agreements' section in the project's edit modal.
 */
const projectAdditions: AddToProjectPage = (project, helpers) => {
  const analyses = projectAnalyses(project, helpers);
  const canRequestReview = mayRequestReviews(project);
  const pullRequests = projectPullRequests(project, {
    ...helpers,
    rowAction: canRequestReview ? reviewNowRowAction(project.id) : undefined,
  });
  const reviews = projectReviews(project, { ...helpers, canRequestReview });
  const analytics = projectAnalytics(project);
  const agreements = projectAgreements(project);
  // The project's settings place: its chat notifications, last.
  const chat = projectChat(project);
  return {
    ...analyses,
    // Teams, each member's identities and figures, in the members' section.
    members: projectTeams(project),
    tabs: [
      ...pullRequests.tabs,
      ...reviews.tabs,
      ...analytics.tabs,
      ...agreements.tabs,
      ...analyses.tabs,
      ...chat.tabs,
    ],
  };
};

/** The Overview (no `tab`) reads the project and every analysis; another tab starts from the project. */
export const prefetch: PagePrefetch = (client, { id = '' }, search) =>
  prefetchProject(client, id, !search.has('tab'));

export function ProjectDetailRoute() {
  // The project's edit modal links to the working agreements' editor.
  return <ProjectDetailPage additions={projectAdditions} editSection={agreementsEditSection} />;
}

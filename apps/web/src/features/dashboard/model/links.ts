/**
 * Where each dashboard figure comes from, as a link into the project's page. The tab ids are the
 * project page's (`?tab=`); the analyses' tabs pick a repository with `repo`.
 */
const projectPath = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

export const dashboardLinks = {
  project: (projectId: string) => projectPath(projectId),
  pullRequests: (projectId: string) => `${projectPath(projectId)}?tab=pull-requests`,
  analytics: (projectId: string) => `${projectPath(projectId)}?tab=analytics`,
  branches: (projectId: string, repoId: string) =>
    `${projectPath(projectId)}?tab=branches&repo=${encodeURIComponent(repoId)}`,
  readme: (projectId: string, repoId: string) =>
    `${projectPath(projectId)}?tab=readme&repo=${encodeURIComponent(repoId)}`,
  review: (projectId: string, reviewId: string) =>
    `${projectPath(projectId)}?tab=reviews&review=${encodeURIComponent(reviewId)}`,
};

/**
 * The change of the median time to merge against the period before, as a share of the previous
 * one: negative is faster. Null when either period has no median (nothing to compare).
 */
export function mergeTimeTrend(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / previous;
}

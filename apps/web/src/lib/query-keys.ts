/**
 * Every query built on /api/projects (the projects feature's lists and details, the dashboard's
 * summary) lives under this root, so one invalidation after a change refreshes all of them
 * without the features knowing each other.
 */
export const PROJECTS_QUERY_ROOT = 'projects';

/**
 * A project's own data beyond the project itself (analyses, their jobs, analytics and pull
 * requests). The projects feature drops the whole subtree when another project is opened or the
 * project is deleted (spec §4); other features put their queries below it.
 */
export const projectResourcesKey = (projectId: string) =>
  [PROJECTS_QUERY_ROOT, 'resources', projectId] as const;

/**
 * The signed-in user's notifications (the bell's latest, the page's filtered pages): one root, so
 * the live stream and a mark-read reach every cached list at once.
 */
export const NOTIFICATIONS_QUERY_ROOT = 'notifications';

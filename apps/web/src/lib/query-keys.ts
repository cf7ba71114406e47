/**
 * Every query built on /api/projects (the projects feature's lists and details, the dashboard's
 * summary) lives under this root, so one invalidation after a change refreshes all of them
 * without the features knowing each other.
 */
export const PROJECTS_QUERY_ROOT = 'projects';

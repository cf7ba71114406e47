export { ProjectGitHubData } from './project-github.js';
export { saveSnapshot } from './queries.js';
export { GITHUB_REPO_REFRESH_JOB, createRepoRefreshHandler } from './refresh-job.js';
export { refreshSavedProjects } from './subscriptions.js';

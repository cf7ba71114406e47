/**
 * GitHub's figures of project repositories (stars, issues, contributors, open pull requests),
 * stored by the refresh job and served from the store as the projects' `github` block. Publishes
 * `repository-figures.stored`; refreshes a project when it is saved.
 */
export { ProjectGitHubData } from './project-github.js';
export { saveSnapshot } from './queries.js';
export { GITHUB_REPO_REFRESH_JOB, createRepoRefreshHandler } from './refresh-job.js';
export { refreshSavedProjects } from './subscriptions.js';

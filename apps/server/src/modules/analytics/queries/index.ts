/*
 * Every statement of the analytics, the module's only Drizzle code, one file per job:
 * shared SQL pieces, a project's pull-request figures and the pull requests behind each, the dashboard's, the stored analyses they
 * read, and the stored answers with their invalidation.
 */
export * from './pr-figures.js';
export * from './pr-items.js';
export * from './dashboard-figures.js';
export * from './stored-analyses.js';
export * from './stored-answers.js';
export * from './waiting-prs.js';
export * from './teams.js';
export * from './trend-figures.js';

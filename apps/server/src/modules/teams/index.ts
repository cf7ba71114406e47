/**
 * Teams of a project's members, the commit identities members claim (matched against the stored
 * history analyses, with suggestions for unclaimed authors) and one person's own figures, shown to
 * that person and the project's owner only (docs/teams.md). Publishes `teams.changed`.
 * `memberCommits` gives the projects module each member's matched commits (their contributions).
 */
export { teamRoutes } from './routes.js';
export { memberCommits, TeamsService } from './service.js';

import type { Database } from '../../db/client.js';
import type { EventBus } from '../events/index.js';
import { markProjectStale, markRepoKeyStale, markRepoUrlStale } from './queries/index.js';

/**
 * Analytics owns the freshness of the figures it stores (`project_analytics`): it listens to what
 * every writer of its inputs says it changed and marks the stored answers of the projects
 * concerned stale, so the next read computes them again. A writer of pull requests, reviews,
 * GitHub figures, analyses, project repositories or teams publishes its change and never calls in here.
 */
export function keepAnalyticsFresh(deps: { db: Database; events: EventBus }): void {
  const { db, events } = deps;
  events.on('project.repositories-changed', ({ projectId }) => markProjectStale(db, projectId));
  events.on('pull-requests.stored', ({ repoKey }) => markRepoKeyStale(db, repoKey));
  events.on('review.stored', ({ repoKey }) => markRepoKeyStale(db, repoKey));
  events.on('repository-figures.stored', ({ repoKey }) => markRepoKeyStale(db, repoKey));
  events.on('analysis.stored', ({ repoUrl }) => markRepoUrlStale(db, repoUrl));
  // A team's members moved: its filtered figures count other people now.
  events.on('teams.changed', ({ projectId }) => markProjectStale(db, projectId));
}

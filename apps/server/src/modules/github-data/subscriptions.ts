import type { EventBus } from '../events/index.js';
import type { ProjectGitHubData } from './project-github.js';

/** A project saved from its form has its GitHub repositories read again (stars, issues, …). */
export function refreshSavedProjects(events: EventBus, github: ProjectGitHubData): void {
  events.on('project.saved', ({ ownerId, repositories }) =>
    github.refreshProject(ownerId, repositories),
  );
}

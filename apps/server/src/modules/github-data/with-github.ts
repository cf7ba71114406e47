import type { ProjectGitHubData } from './project-github.js';

/** Projects with their `github` block attached where they have GitHub repositories. */
export async function withGitHub<T extends { id: string }>(
  github: ProjectGitHubData | undefined,
  ownerId: string,
  projects: T[],
): Promise<T[]> {
  if (!github || projects.length === 0) return projects;
  const blocks = await github.blocksFor(
    ownerId,
    projects.map((project) => project.id),
  );
  return projects.map((project) => {
    const block = blocks.get(project.id);
    return block ? { ...project, github: block } : project;
  });
}

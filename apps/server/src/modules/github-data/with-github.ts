import type { ProjectGitHubData, ProjectRepoRef } from './project-github.js';

type Repos = { repos?: Array<{ owner: string; repo: string; url: string }> };

/** Projects with their `github` block attached where they have GitHub repositories. */
export async function withGitHub<T extends { id: string } & Repos>(
  github: ProjectGitHubData | undefined,
  ownerId: string,
  projects: T[],
): Promise<T[]> {
  if (!github || projects.length === 0) return projects;
  // Whole projects (not list summaries) carry their repositories: no need to read them again.
  const known = projects.every((project) => project.repos)
    ? projects.flatMap((project): ProjectRepoRef[] =>
        project.repos!.map(({ owner, repo, url }) => ({ projectId: project.id, owner, repo, url })),
      )
    : undefined;
  const blocks = await github.blocksFor(
    ownerId,
    projects.map((project) => project.id),
    known,
  );
  return projects.map((project) => {
    const block = blocks.get(project.id);
    return block ? { ...project, github: block } : project;
  });
}

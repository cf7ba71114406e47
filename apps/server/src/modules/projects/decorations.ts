/** A project as answered, with the repositories a whole project carries (list summaries have none). */
export interface DecoratedProject {
  id: string;
  repos?: Array<{ owner: string; repo: string; url: string }>;
}

/**
 * What another module adds to the projects the API answers — the `github` block of stored GitHub
 * figures (docs/spec.md §3) — given to the routes by the composition root, so projects never
 * names the module that provides it.
 */
export interface ProjectDecorations {
  decorate<T extends DecoratedProject>(ownerId: string, projects: T[]): Promise<T[]>;
}

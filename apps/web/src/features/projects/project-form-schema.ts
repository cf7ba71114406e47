import {
  CreateProjectBody,
  DEFAULT_BRANCH,
  parseRepositoryUrl,
  ProjectMessages,
  RepoInputSchema,
  ValidationMessages,
  type FieldError,
  type Project,
  type ProjectStatus,
} from '@rota/contracts';
import { z } from 'zod';

/**
 * The create/edit form validates with the contracts' CreateProjectBody (spec §5): every field and
 * every repository row at once, URLs by the same parser as the server's (local paths allowed here,
 * the server decides whether it allows them). On top, what only the whole list can tell: no
 * repository appears twice.
 */
export const ProjectFormSchema = CreateProjectBody.extend({
  repos: z
    .array(RepoInputSchema)
    .max(100, { error: ValidationMessages.tooLong })
    .superRefine((repos, context) => {
      const seen = new Set<string>();
      repos.forEach((repo, index) => {
        const parsed = parseRepositoryUrl(repo.url, { allowLocal: true });
        if (!parsed.ok) return;
        if (seen.has(parsed.value.key)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'url'],
            message: ProjectMessages.duplicateRepo,
          });
        }
        seen.add(parsed.value.key);
      });
    }),
});

export interface RepoRowValues {
  url: string;
  branch: string;
  name: string;
}

export interface ProjectFormValues {
  name: string;
  description: string;
  review_prompt: string;
  status: ProjectStatus;
  /** Rota posts its reviews on GitHub (edit only: the create form leaves it off). */
  publish_reviews: boolean;
  repos: RepoRowValues[];
}

export type ProjectFormOutput = z.output<typeof ProjectFormSchema>;

/** Empty: the repository's default branch (master for some, main for others), found on fetch. */
export { DEFAULT_BRANCH };
export const emptyRepoRow = (): RepoRowValues => ({ url: '', branch: DEFAULT_BRANCH, name: '' });

export function emptyProjectForm(): ProjectFormValues {
  return {
    name: '',
    description: '',
    review_prompt: '',
    status: 'active',
    publish_reviews: false,
    repos: [emptyRepoRow()],
  };
}

export function projectFormValues(project: Project): ProjectFormValues {
  return {
    name: project.name,
    description: project.description ?? '',
    review_prompt: project.review_prompt ?? '',
    status: project.status,
    publish_reviews: project.publish_reviews,
    repos: project.repos.map((repo) => ({
      url: repo.url,
      branch: repo.branch,
      // The server fills a missing name with the repository's; show it empty again in that case.
      name: repo.name === repo.repo ? '' : repo.name,
    })),
  };
}

export interface ProjectPayload {
  name: string;
  description: string | null;
  review_prompt: string | null;
  status?: ProjectStatus;
  publish_reviews?: boolean;
  repos: Array<{ url: string; branch?: string; name?: string }>;
}

/**
 * What is sent: empty optional texts as null, empty repo names and branches left out; the status
 * and the publishing setting only from the edit form (`withStatus`), which shows them.
 */
export function toProjectPayload(
  values: ProjectFormOutput,
  options: { withStatus: boolean },
): ProjectPayload {
  return {
    name: values.name,
    description: values.description ?? null,
    review_prompt: values.review_prompt ?? null,
    ...(options.withStatus && values.status ? { status: values.status } : {}),
    ...(options.withStatus ? { publish_reviews: values.publish_reviews ?? false } : {}),
    repos: values.repos.map((repo) => ({
      url: repo.url,
      ...(repo.branch ? { branch: repo.branch } : {}),
      ...(repo.name ? { name: repo.name } : {}),
    })),
  };
}

const TOP_LEVEL = new Set(['name', 'description', 'review_prompt', 'status', 'publish_reviews']);
const REPO_FIELD = /^repos\.(\d+)\.(url|branch|name)$/;

export type ProjectFieldPath =
  | 'name'
  | 'description'
  | 'review_prompt'
  | 'status'
  | 'publish_reviews'
  | `repos.${number}.${'url' | 'branch' | 'name'}`;

/**
 * Sorts a server error's `errors[]` onto the form: `name`, `repos.1.url` and the like go to their
 * field (the row must exist), anything else is shown above the form.
 */
export function placeServerErrors(
  errors: readonly FieldError[],
  repoCount: number,
): { onFields: Array<{ path: ProjectFieldPath; message: string }>; unplaced: string[] } {
  const onFields: Array<{ path: ProjectFieldPath; message: string }> = [];
  const unplaced: string[] = [];
  for (const item of errors) {
    const path = item.path.replace(/^(body[./])/, '').replaceAll('/', '.');
    const repo = REPO_FIELD.exec(path);
    if (TOP_LEVEL.has(path) || (repo && Number(repo[1]) < repoCount)) {
      onFields.push({ path: path as ProjectFieldPath, message: item.message });
    } else unplaced.push(item.message);
  }
  return { onFields, unplaced };
}

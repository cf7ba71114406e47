import { z } from 'zod';
import { isValidBranchName } from './branch-name.js';
import { ValidationMessages as M } from './messages.js';
import { parseRepositoryUrl, REPOSITORY_ADDRESS_DESCRIPTION } from './repository-url.js';
import { GitHubBlockSchema } from './github-data.js';

/**
 * Projects as spec §3 names their fields (snake_case). Create and update payloads follow spec §5.
 * Every rule a payload can break — name, texts, each repository row's URL and branch — is a check of
 * one schema, so a bad payload is answered with all of its broken rules at once, never one per try.
 */
export const ProjectStatusSchema = z.enum(['active', 'inactive', 'archived']);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const RepositoryProviderSchema = z.enum(['github', 'gitlab', 'bitbucket', 'git', 'local']);

export const ProjectRepoSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  owner: z.string(),
  repo: z.string(),
  url: z.string(),
  /** Empty: the repository's default branch (its HEAD when fetched). */
  branch: z.string(),
  provider: RepositoryProviderSchema,
  webhook_id: z.string().nullable(),
  webhook_installed: z.boolean(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectRepo = z.infer<typeof ProjectRepoSchema>;

export const TeamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  role: z.string().nullable(),
  contributions: z.number().int(),
  github_login: z.string().nullable(),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;

export const ProjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  review_prompt: z.string().nullable(),
  /** Rota posts its reviews to GitHub (a pull-request review and a commit status); off by default. */
  publish_reviews: z.boolean(),
  status: ProjectStatusSchema,
  is_active: z.boolean(),
  repo_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Live GitHub data (spec §3): on the list with include_github=true, always on one project. */
  github: GitHubBlockSchema.optional(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectSchema = ProjectSummarySchema.extend({
  repos: z.array(ProjectRepoSchema),
  team_members: z.array(TeamMemberSchema),
});
export type Project = z.infer<typeof ProjectSchema>;

export const ProjectListResponseSchema = z.array(ProjectSummarySchema);

const projectName = z
  .string({ error: M.projectNameMin })
  .trim()
  .min(2, { error: M.projectNameMin })
  .max(120, { error: M.tooLong });
/** Optional text: empty or blank means "none" and is stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .max(max, { error: M.tooLong })
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null));

const publishReviews = z.boolean({ error: M.publishReviewsBoolean });

/** A repository row saved without a branch: the repository's default branch, whatever its name. */
export const DEFAULT_BRANCH = '';

export const BranchNameSchema = z
  .string({ error: M.invalidBranchName })
  .trim()
  .refine(isValidBranchName, { error: M.invalidBranchName });

/** Which repository URLs are accepted: local paths and `file://` only where the server allows them. */
export interface RepoUrlRules {
  allowLocal: boolean;
}

/** One repository row of a payload; the URL must parse (parseRepositoryUrl) under `rules`. */
export function repoInputSchema(rules: RepoUrlRules) {
  return z.object({
    name: z.string().trim().max(200, { error: M.tooLong }).nullish(),
    url: z
      .string({ error: M.invalidRepositoryUrl })
      .trim()
      // Aborts so an overlong value is not parsed too and reported twice.
      .max(2048, { error: M.invalidRepositoryUrl, abort: true })
      .refine((url) => parseRepositoryUrl(url, rules).ok, { error: M.invalidRepositoryUrl })
      .meta({ description: REPOSITORY_ADDRESS_DESCRIPTION }),
    /**
     * Empty means the repository's default branch, resolved when it is fetched (spec §5 said main:
     * express and gin name theirs master, and a guessed name fails).
     */
    branch: z
      .string()
      .trim()
      .nullish()
      .transform((value) => value || undefined)
      .pipe(BranchNameSchema.optional()),
  });
}

const repoList = (rules: RepoUrlRules) =>
  z.array(repoInputSchema(rules)).max(100, { error: M.tooLong });

export function createProjectBodySchema(rules: RepoUrlRules) {
  return z.object({
    name: projectName,
    description: optionalText(2000),
    review_prompt: optionalText(20_000),
    publish_reviews: publishReviews.optional(),
    status: ProjectStatusSchema.optional(),
    repos: repoList(rules).default([]),
  });
}

export function updateProjectBodySchema(rules: RepoUrlRules) {
  return z.object({
    name: projectName.optional(),
    description: optionalText(2000).optional(),
    review_prompt: optionalText(20_000).optional(),
    publish_reviews: publishReviews.optional(),
    status: ProjectStatusSchema.optional(),
    /** When present, replaces the set: repositories kept keep their ids and data. */
    repos: repoList(rules).optional(),
  });
}

/**
 * The schemas with local repositories allowed: what a client can check without knowing the server's
 * setting (the server validates with its own rules), and the payload types.
 */
export const RepoInputSchema = repoInputSchema({ allowLocal: true });
export type RepoInput = z.infer<typeof RepoInputSchema>;
export const CreateProjectBody = createProjectBodySchema({ allowLocal: true });
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;
export const UpdateProjectBody = updateProjectBodySchema({ allowLocal: true });
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

export const ListProjectsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  status: z.enum(['active', 'inactive', 'archived', 'all']).default('all'),
  /** Adds the `github` block to projects with GitHub repositories (from stored data). */
  include_github: z.enum(['true', 'false', '1', '0']).optional(),
});
export type ListProjectsQuery = z.infer<typeof ListProjectsQuery>;

export const ProjectIdParams = z.object({ id: z.string().max(100) });

export const RemoveRepoBody = z
  .object({ repoId: z.string().max(100).optional(), id: z.string().max(100).optional() })
  .nullish();
export const RemoveRepoQuery = z.object({
  repoId: z.string().max(100).optional(),
  id: z.string().max(100).optional(),
});

export const AddMemberBody = z.object({
  name: z
    .string({ error: M.memberNameRequired })
    .trim()
    .min(1, { error: M.memberNameRequired })
    .max(120, { error: M.tooLong }),
  avatar: z.string().trim().max(2048).nullish(),
  role: z.string().trim().max(120, { error: M.tooLong }).nullish(),
  contributions: z.number().int().min(0).max(10_000_000).default(0),
  github_login: z
    .string()
    .trim()
    // GitHub's rule: letters, digits and single hyphens, not at either end, at most 39 characters.
    .regex(/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/, { error: M.invalidGithubLogin })
    .nullish(),
});
export type AddMemberBody = z.infer<typeof AddMemberBody>;

export const RemoveMemberBody = z
  .object({ memberId: z.string().max(100).optional(), id: z.string().max(100).optional() })
  .nullish();
export const MemberParams = z.object({ id: z.string().max(100), memberId: z.string().max(100) });

export const DeletedResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });

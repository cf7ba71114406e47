import { z } from 'zod';

/**
 * Project as SPEC §3 names its fields (snake_case). The projects issue adds create/update payloads,
 * repositories and team members; the list answer is already real so the dashboard can count.
 */
export const ProjectStatusSchema = z.enum(['active', 'inactive', 'archived']);
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>;

export const ProjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  review_prompt: z.string().nullable(),
  status: ProjectStatusSchema,
  is_active: z.boolean(),
  repo_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectListResponseSchema = z.array(ProjectSummarySchema);

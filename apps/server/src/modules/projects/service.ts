import type { ProjectSummary } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import * as queries from './queries.js';

export function toProjectSummary(row: queries.ProjectRow, repoCount: number): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    review_prompt: row.reviewPrompt,
    status: row.status,
    is_active: row.isActive,
    repo_count: repoCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Projects of one owner. Create, update and delete arrive with the projects issue. */
export class ProjectsService {
  constructor(private readonly db: Database) {}

  async list(ownerId: string): Promise<ProjectSummary[]> {
    const rows = await queries.listProjectsOfOwner(this.db, ownerId);
    return rows.map((row) => toProjectSummary(row.project, Number(row.repoCount)));
  }
}

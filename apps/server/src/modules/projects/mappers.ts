import type { Project, ProjectRepo, ProjectSummary, TeamMember } from '@rota/contracts';
import type { ProjectMemberRow, ProjectRepoRow, ProjectRow } from './queries.js';

/** Database rows to the API's spec §3 field names. The webhook secret never leaves the server. */
export function toProjectSummary(row: ProjectRow, repoCount: number): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    review_prompt: row.reviewPrompt,
    publish_reviews: row.publishReviews,
    status: row.status,
    is_active: row.isActive,
    repo_count: repoCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list's summary of a whole project: the same fields, in the same order, as toProjectSummary. */
export function summaryOf(project: Project): ProjectSummary {
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    review_prompt: project.review_prompt,
    publish_reviews: project.publish_reviews,
    status: project.status,
    is_active: project.is_active,
    repo_count: project.repos.length,
    created_at: project.created_at,
    updated_at: project.updated_at,
  };
}

export function toProjectRepo(row: ProjectRepoRow): ProjectRepo {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    owner: row.owner,
    repo: row.repo,
    url: row.url,
    branch: row.branch,
    provider: row.provider,
    webhook_id: row.webhookId,
    webhook_installed: row.webhookInstalled,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toTeamMember(row: ProjectMemberRow): TeamMember {
  return {
    id: row.id,
    name: row.name,
    avatar: row.avatar,
    role: row.role,
    contributions: row.contributions,
    github_login: row.githubLogin,
  };
}

export function toProject(
  row: ProjectRow,
  repos: ProjectRepoRow[],
  members: ProjectMemberRow[],
): Project {
  return {
    ...toProjectSummary(row, repos.length),
    repos: repos.map(toProjectRepo),
    team_members: members.map(toTeamMember),
  };
}

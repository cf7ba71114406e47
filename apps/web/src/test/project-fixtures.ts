import type { Project, ProjectRepo, ProjectSummary, TeamMember } from '@rota/contracts';
import { http, HttpResponse } from 'msw';

/** Projects as the API answers them (spec §3 field names), for the web's tests. */
export function repoFixture(overrides: Partial<ProjectRepo> = {}): ProjectRepo {
  return {
    id: 'r-1',
    project_id: 'p-1',
    name: 'payments-api',
    owner: 'acme',
    repo: 'payments-api',
    url: 'https://github.com/acme/payments-api',
    branch: 'main',
    provider: 'github',
    webhook_id: null,
    webhook_installed: false,
    active: true,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

export function memberFixture(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'm-1',
    name: 'Ayşe Kaya',
    avatar: null,
    role: 'Tech lead',
    contributions: 12,
    github_login: 'aysekaya',
    ...overrides,
  };
}

export function projectFixture(overrides: Partial<Project> = {}): Project {
  const repos = overrides.repos ?? [repoFixture()];
  return {
    id: 'p-1',
    name: 'Payments',
    description: 'Card processing',
    review_prompt: null,
    publish_reviews: false,
    status: 'active',
    is_active: true,
    repo_count: repos.length,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-02T00:00:00Z',
    team_members: [memberFixture()],
    ...overrides,
    repos,
  };
}

export function summaryFixture(overrides: Partial<ProjectSummary> = {}): ProjectSummary {
  return {
    id: 'p-1',
    name: 'Payments',
    description: 'Card processing',
    review_prompt: null,
    publish_reviews: false,
    status: 'active',
    is_active: true,
    repo_count: 1,
    created_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-02T00:00:00Z',
    ...overrides,
  };
}

export const ok = (data: unknown, status = 200) =>
  HttpResponse.json({ success: true, data }, { status });

/** GET /api/projects/:id for the given projects, 404 'Project not found' for any other id. */
export const projectAnswer = (...projects: Project[]) =>
  http.get('/api/projects/:id', ({ params }) => {
    const project = projects.find((candidate) => candidate.id === params.id);
    return project
      ? ok(project)
      : HttpResponse.json(
          { success: false, error: { code: 'NOT_FOUND', message: 'Project not found' } },
          { status: 404 },
        );
  });

/** Records every request a handler saw, for asserting what was sent. */
export function recorder() {
  const calls: Array<{ method: string; url: URL; body: unknown }> = [];
  return {
    calls,
    async record(request: Request) {
      const text = await request.clone().text();
      calls.push({
        method: request.method,
        url: new URL(request.url),
        body: text ? (JSON.parse(text) as unknown) : undefined,
      });
    },
  };
}

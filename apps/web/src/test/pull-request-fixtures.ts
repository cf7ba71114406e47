import type { PullRequest, PullRequestList, PullRequestRepoSync } from '@rota/contracts';
import { http, type HttpResponseResolver } from 'msw';
import { ok } from './project-fixtures';

/** Pull requests and their sync state as `GET /api/projects/{id}/pull-requests` answers them. */
export function pullRequestFixture(overrides: Partial<PullRequest> = {}): PullRequest {
  return {
    id: 'pr-1',
    repository: { repoId: 'r-1', name: 'payments-api', full_name: 'acme/payments-api' },
    number: 42,
    title: 'Retry card captures on timeouts',
    state: 'open',
    draft: false,
    user: { login: 'aysekaya', avatar_url: null, is_bot: false },
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-22T09:00:00Z',
    closed_at: null,
    merged_at: null,
    head: { ref: 'retry-captures', sha: 'a'.repeat(40) },
    base: { ref: 'main' },
    url: 'https://github.com/acme/payments-api/pull/42',
    additions: 120,
    deletions: 30,
    changed_files: 5,
    age_seconds: 3 * 24 * 60 * 60,
    review_state: 'changes_requested',
    reviewers: [
      { login: 'mehmet', avatar_url: null, state: 'changes_requested' },
      { login: 'zeynep', avatar_url: null, state: 'approved' },
      { login: 'can', avatar_url: null, state: 'requested' },
    ],
    comments: 7,
    ...overrides,
  };
}

export function repoSyncFixture(overrides: Partial<PullRequestRepoSync> = {}): PullRequestRepoSync {
  return {
    repoId: 'r-1',
    name: 'payments-api',
    full_name: 'acme/payments-api',
    status: 'synced',
    last_synced_at: '2026-11-23T10:00:00Z',
    stored: 2,
    kept_current_by: 'webhook',
    error: null,
    ...overrides,
  };
}

export function pullRequestListFixture(overrides: Partial<PullRequestList> = {}): PullRequestList {
  return {
    pullRequests: [pullRequestFixture()],
    total: 1,
    page: 1,
    per_page: 25,
    repositories: [repoSyncFixture()],
    ...overrides,
  } satisfies PullRequestList;
}

/** GET /api/projects/p-1/pull-requests answered by `answer` (a list, or a function of the URL). */
export const pullRequestsAnswer = (
  answer: PullRequestList | ((url: URL) => PullRequestList | Response),
  projectId = 'p-1',
) =>
  http.get(`/api/projects/${projectId}/pull-requests`, (({ request }) => {
    const url = new URL(request.url);
    const result = typeof answer === 'function' ? answer(url) : answer;
    return result instanceof Response ? result : ok(result);
  }) satisfies HttpResponseResolver);

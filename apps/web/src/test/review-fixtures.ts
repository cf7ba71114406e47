import type { ReviewDetail, ReviewFinding, ReviewList, ReviewRecord } from '@rota/contracts';
import { http } from 'msw';
import { ok } from './project-fixtures';

/** Reviews as `GET /api/projects/{id}/reviews` and `GET /api/reviews/{id}` answer them. */
export function reviewFixture(overrides: Partial<ReviewRecord> = {}): ReviewRecord {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    forge: 'github',
    repository: 'acme/payments-api',
    pull_request_number: 42,
    head_sha: 'c0ffee1234567890c0ffee1234567890c0ffee12',
    status: 'changes_requested',
    outcome: 'reviewed',
    skipped_reason: null,
    reason: '1 blocking finding: GitHub token in the diff',
    engine: 'rules',
    trigger: 'webhook',
    requested_by: null,
    error: null,
    findings_count: 1,
    created_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
    started_at: null,
    finished_at: null,
    published: null,
    ...overrides,
  };
}

export function findingFixture(overrides: Partial<ReviewFinding> = {}): ReviewFinding {
  return {
    rule: 'secret.provider-token',
    severity: 'critical',
    category: 'security',
    file: 'src/config.ts',
    line: 12,
    title: 'GitHub token in the diff',
    message:
      'A GitHub personal access token is committed; revoke it and load it from the environment.',
    evidence: 'const token = "ghp_…";',
    source: 'rules',
    confidence: 1,
    ...overrides,
  };
}

export function reviewDetailFixture(
  overrides: Partial<ReviewDetail> & Record<string, unknown> = {},
): ReviewDetail {
  return {
    ...reviewFixture(),
    config_key: 'rules-v1',
    findings: [findingFixture()],
    coverage: { filesReviewed: 3, filesSkipped: [] },
    llm: null,
    ...overrides,
  };
}

export function reviewListFixture(overrides: Partial<ReviewList> = {}): ReviewList {
  return {
    reviews: [reviewFixture()],
    stats: {
      by_status: { pending: 0, approved: 0, changes_requested: 1, commented: 0 },
      total: 1,
      skipped: 0,
      failed: 0,
      superseded: 0,
      compliance_rate: null,
      avg_time_to_review_seconds: 90,
    },
    ...overrides,
  };
}

/** GET /api/projects/p-1/reviews answered by `answer` (a list, or a function called per read). */
export const reviewsAnswer = (answer: ReviewList | (() => ReviewList), projectId = 'p-1') =>
  http.get(`/api/projects/${projectId}/reviews`, () =>
    ok(typeof answer === 'function' ? answer() : answer),
  );

export const reviewAnswer = (detail: ReviewDetail | Record<string, unknown>) =>
  http.get(`/api/reviews/:reviewId`, () => ok(detail));

import type { ReviewDetail, ReviewPublished, ReviewRecord } from '@rota/contracts';
import type { ReviewRow } from './queries.js';

/** A stored review as the API shows it (spec §3 Review record, snake_case). */
export function toReviewRecord(row: ReviewRow): ReviewRecord {
  return {
    id: row.id,
    forge: 'github',
    repository: row.repoKey,
    pull_request_number: row.number,
    head_sha: row.headSha,
    status: row.status,
    outcome: row.outcome,
    skipped_reason: row.skippedReason,
    reason: row.reason,
    engine: row.engine,
    trigger: row.trigger,
    requested_by: row.requestedBy,
    error: row.errorCode !== null ? { code: row.errorCode, message: row.errorMessage ?? '' } : null,
    findings_count: row.findings.length,
    published: publishedOf(row),
    created_at: row.createdAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function toReviewDetail(row: ReviewRow): ReviewDetail {
  return {
    ...toReviewRecord(row),
    config_key: row.configKey,
    findings: row.findings,
    coverage: row.coverage,
    llm: row.llm,
  };
}

/** Null until Rota tried to publish the review (the project asked for it). */
function publishedOf(row: ReviewRow): ReviewPublished | null {
  const tried =
    row.publishedAt !== null || row.publishedReviewId !== null || row.publishErrorCode !== null;
  if (!tried) return null;
  return {
    at: row.publishedAt?.toISOString() ?? null,
    github_review_id: row.publishedReviewId,
    event: row.publishedEvent,
    fallback: row.publishFallback,
    error:
      row.publishErrorCode !== null
        ? { code: row.publishErrorCode, message: row.publishErrorMessage ?? '' }
        : null,
  };
}

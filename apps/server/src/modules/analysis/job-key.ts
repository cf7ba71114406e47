import type { AnalysisKind } from '@rota/contracts';

/**
 * The key that makes one analysis job per repository, branch and kind (null: the default branch).
 * `analyzeDedupeKeySql` in queries.ts writes it in SQL; `job-key.test.ts` holds the two equal.
 */
export function analyzeDedupeKey(payload: {
  repoUrl: string;
  branch: string | null;
  kind: AnalysisKind;
}): string {
  return `analyze:${payload.kind}:${payload.branch ?? 'HEAD'}:${payload.repoUrl}`;
}

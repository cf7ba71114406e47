import type { AnalysisKind, RepoAnalysisEntry } from '@rota/contracts';

/** An entry as the service builds it: every field of the schema, the stored result as JSON text. */
export type EntryWithText = Omit<RepoAnalysisEntry, 'result'> & { resultText: string | null };

/**
 * The 200 answer of a project analysis endpoint, `{success, data: ProjectAnalysisResponse}`, as
 * JSON text. The small part (ids, dates, job) goes through JSON.stringify; each stored result's
 * text is spliced in as it came from the database, where it was checked against its kind's schema
 * when written (analyze-job.ts), instead of parsing, checking and stringifying it again on every
 * read. Only the fields named here are written, so nothing the service might add leaks out (the
 * zod serializer's job on other routes); the route keeps the schema for OpenAPI, and a test parses
 * the answer with it.
 */
export function projectAnalysisJson(
  projectId: string,
  kind: AnalysisKind,
  entries: readonly EntryWithText[],
): string {
  const repositories = entries.map((entry) => {
    const fields: Omit<RepoAnalysisEntry, 'result'> = {
      repoId: entry.repoId,
      name: entry.name,
      owner: entry.owner,
      repo: entry.repo,
      url: entry.url,
      branch: entry.branch,
      defaultBranch: entry.defaultBranch,
      status: entry.status,
      commit: entry.commit,
      analyzedAt: entry.analyzedAt,
      analyzerVersion: entry.analyzerVersion,
      stale: entry.stale,
      job: entry.job && {
        id: entry.job.id,
        kind: entry.job.kind,
        status: entry.job.status,
        stage: entry.job.stage,
        progress: entry.job.progress,
        error: entry.job.error && { code: entry.job.error.code, message: entry.job.error.message },
        attempts: entry.job.attempts,
        createdAt: entry.job.createdAt,
        updatedAt: entry.job.updatedAt,
        finishedAt: entry.job.finishedAt,
      },
    };
    // `{...}` minus its closing brace, then the result: the text is one whole JSON value.
    return `${JSON.stringify(fields).slice(0, -1)},"result":${entry.resultText ?? 'null'}}`;
  });
  return `{"success":true,"data":{"projectId":${JSON.stringify(projectId)},"kind":${JSON.stringify(kind)},"repositories":[${repositories.join(',')}]}}`;
}

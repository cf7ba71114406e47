import {
  AnalysisErrorCodes,
  AnalysisKindSchema,
  JobErrorCodes,
  StoredAnalysisResultSchemas,
  type AnalysisKind,
} from '@rota/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { describeError } from '../../jobs/job-runner.js';
import { isFinalFailure, PermanentJobError, type JobHandler } from '../../jobs/types.js';
import { isPermanentFailure, RepoStoreError } from '../../repo-store/errors.js';
import type { MirrorStore } from '../../repo-store/mirror-store.js';
import type { EventBus } from '../events/index.js';
import type { AnalysisEngine } from './engine.js';
import * as queries from './queries.js';

export const ANALYZE_JOB = 'analyze-repository';

const PayloadSchema = z.object({
  repoUrl: z.string(),
  /** null: the repository's default branch (ad-hoc analyses of a URL). */
  branch: z.string().nullable(),
  kind: AnalysisKindSchema,
  /** Fetch even when the mirror is fresh (a new revision then gets a new result). */
  force: z.boolean().default(false),
});
export type AnalyzePayload = z.input<typeof PayloadSchema>;

/** A project repository's branch as a job asks for it: empty is the default branch (HEAD). */
export const jobBranch = (branch: string): string | null => branch || null;

/**
 * The job behind every analysis endpoint: bring the mirror up to date, find the revision to
 * analyse, and compute the result unless one already exists for (repository, kind, revision,
 * engine version). Failures a retry cannot fix (not found, auth, too large, objects rejected, a
 * branch that does not exist) fail at once; the mirror store makes the analyses of one repository
 * share one fetch, so a failing repository is fetched once for all of them.
 */
export function createAnalyzeHandler(deps: {
  db: Database;
  mirrors: MirrorStore;
  engine: AnalysisEngine;
  /** Told when a result is stored (or found stored): a project's figures read the latest one. */
  events: EventBus;
}): JobHandler {
  const handler: JobHandler = async (rawPayload, context) => {
    const payload = PayloadSchema.parse(rawPayload);
    await context.progress('fetching', 5);
    let gitDir: string;
    let defaultBranch: string | null;
    try {
      ({ gitDir, defaultBranch } = await deps.mirrors.sync(payload.repoUrl, {
        force: payload.force,
      }));
    } catch (caught) {
      const error =
        caught instanceof RepoStoreError && isPermanentFailure(caught.code)
          ? new PermanentJobError(caught.code, caught.message)
          : caught;
      throw new FailedWork('fetch', error);
    }
    context.signal.throwIfAborted();
    await context.progress('resolving', 20);
    const ref = payload.branch ? `refs/heads/${payload.branch}` : 'HEAD';
    const { revision, commit } = await deps.engine
      .revision(payload.kind, gitDir, ref)
      .catch((error: unknown) => {
        const code = (error as { code?: string }).code;
        if (
          code === AnalysisErrorCodes.unknownRef ||
          code === AnalysisErrorCodes.emptyRepository ||
          code === AnalysisErrorCodes.invalidRef
        ) {
          throw new PermanentJobError(
            code,
            code === AnalysisErrorCodes.emptyRepository
              ? 'The repository has no commits yet'
              : missingBranchMessage(payload.branch ?? 'HEAD', defaultBranch),
          );
        }
        throw error;
      });
    const key = {
      repoUrl: payload.repoUrl,
      kind: payload.kind,
      revision,
      analyzerVersion: deps.engine.version,
    };
    const existing = await queries.findResult(deps.db, key);
    // Even when forced: the key holds the revision and the engine version, and the engine is
    // deterministic, so recomputing would only rebuild the row we already have (and discard it).
    // `force` buys the fetch above, which is what finds a new revision.
    if (existing) {
      await deps.events.emit('analysis.stored', { repoUrl: payload.repoUrl });
      return { resultId: existing.id, revision, reused: true };
    }
    await context.progress('analyzing', 30);
    const started = performance.now();
    const result = await deps.engine.run(
      payload.kind,
      gitDir,
      ref,
      (stage, percent) => context.progress(stage, 30 + Math.round(percent * 0.65)),
      context.signal,
    );
    const row = await queries.insertResult(deps.db, {
      ...key,
      commitSha: commit,
      result: checkedResult(payload.kind, result),
      durationMs: Math.round(performance.now() - started),
    });
    await deps.events.emit('analysis.stored', { repoUrl: payload.repoUrl });
    return { resultId: row.id, revision, reused: false };
  };
  // The last failed attempt tells `work.failed`: a fetch's failure or the analysis's own.
  return async (rawPayload, context) => {
    try {
      return await handler(rawPayload, context);
    } catch (caught) {
      const work = caught instanceof FailedWork ? caught.work : 'analysis';
      const error = caught instanceof FailedWork ? caught.error : caught;
      if (isFinalFailure(error, context)) {
        const repoUrl = (rawPayload as { repoUrl?: unknown } | null)?.repoUrl;
        const { code, message } = describeError(error);
        if (typeof repoUrl === 'string')
          await deps.events.emit('work.failed', {
            work,
            repository: { url: repoUrl, owner: null, repo: null },
            projectIds: [],
            code,
            message,
            jobId: context.jobId,
          });
      }
      throw error;
    }
  };
}

/** Carries which part of the job failed (the fetch) to the wrapper, around the error to throw. */
class FailedWork extends Error {
  constructor(
    readonly work: 'fetch',
    readonly error: unknown,
  ) {
    super('failed work');
  }
}

/**
 * The result as it will be stored, checked against its kind's schema: the one check a stored result
 * gets, since reads send its text as it is (answer-json.ts). The engine's own object is stored, not
 * zod's copy, so a field the schema does not name yet is not lost. A result that does not fit is an
 * engine fault no retry mends: the job fails saying where, and nothing is stored.
 */
export function checkedResult(kind: AnalysisKind, result: unknown): object {
  const checked = StoredAnalysisResultSchemas[kind].safeParse(result);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new PermanentJobError(
      JobErrorCodes.analysisResultInvalid,
      `The ${kind} analysis produced a result that does not match its schema` +
        (issue ? ` (${issue.path.join('.') || 'result'}: ${issue.message})` : ''),
    );
  }
  return result as object;
}

/** Names the branch that does exist, so the user knows what to switch to (the web offers it). */
export function missingBranchMessage(branch: string, defaultBranch: string | null): string {
  return defaultBranch && defaultBranch !== branch
    ? `Branch "${branch}" does not exist in the repository; its default branch is "${defaultBranch}"`
    : `Branch "${branch}" does not exist in the repository`;
}

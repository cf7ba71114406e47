import {
  ALL_ANALYSIS_KINDS,
  parseRepositoryUrl,
  ValidationMessages,
  type AnalysisKind,
  type JobSummary,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import { listJobsHeldForProject } from '../../jobs/handle-queries.js';
import { isLiveHandle, type JobAsker, type JobHandles } from '../../jobs/handles.js';
import { validationError } from '../../lib/errors.js';
import { assertPublicHosts, type SubmissionHostPolicy } from '../../repo-store/submitted-hosts.js';
import { repositoriesOf, requireOwnedProject } from '../project-access/index.js';
import { ANALYZE_JOB } from './analyze-job.js';
import { analyzeDedupeKey } from './job-key.js';
import { toJobSummary } from '../../jobs/job-summary.js';
import * as queries from './queries.js';
import type { AnalysisQuota } from './quota.js';

export interface RepoAnalyzeDeps {
  db: Database;
  handles: JobHandles;
  quota: AnalysisQuota;
  allowLocalRepos: boolean;
  hostPolicy: SubmissionHostPolicy;
}

export interface StoredAnalysisSummary {
  repoUrl: string;
  kind: string;
  resultId: string;
  commit: string | null;
  analyzerVersion: string;
  analyzedAt: string;
}

/** Ad-hoc analysis of any repository URL (spec §7), as jobs, and the stored results. */
export class RepoAnalyzeService {
  constructor(private readonly deps: RepoAnalyzeDeps) {}

  async analyze(
    ownerId: string,
    body: { repoUrl: string; projectId?: string | undefined; kinds?: AnalysisKind[] | undefined },
  ): Promise<{ repoUrl: string; jobs: JobSummary[] }> {
    const parsed = parseRepositoryUrl(body.repoUrl, { allowLocal: this.deps.allowLocalRepos });
    if (!parsed.ok)
      throw validationError([
        { path: 'repoUrl', message: ValidationMessages.invalidRepositoryUrl },
      ]);
    await assertPublicHosts([{ host: parsed.value.host, path: 'repoUrl' }], this.deps.hostPolicy);
    if (body.projectId) await requireOwnedProject(this.deps.db, ownerId, body.projectId);
    const repoUrl = parsed.value.url;
    const payloads = (body.kinds ?? ALL_ANALYSIS_KINDS).map((kind) => ({
      repoUrl,
      branch: null,
      kind,
    }));
    const asker: JobAsker = { ownerId, projectId: body.projectId ?? null };
    const held = await this.deps.quota.serialize(ownerId, async () => {
      // All or nothing. Kinds this user already waits on cost nothing; joining a job another user
      // started costs a place like starting it (the quota counts what the user waits on).
      const added = await this.countNewWaits(asker, payloads.map(analyzeDedupeKey));
      if (added > (await this.deps.quota.remaining(ownerId)))
        throw this.deps.quota.activeLimitReached();
      await this.deps.quota.countRepoAnalyzeCall(ownerId);
      const enqueued = [];
      for (const payload of payloads) {
        enqueued.push(
          await this.deps.handles.enqueue(asker, ANALYZE_JOB, payload, {
            dedupeKey: analyzeDedupeKey(payload),
          }),
        );
      }
      return enqueued;
    });
    return { repoUrl, jobs: held.map(toJobSummary) };
  }

  /** How many of these dedupe keys the user does not already wait on through a live handle. */
  private async countNewWaits(asker: JobAsker, dedupeKeys: string[]): Promise<number> {
    const latest = await Promise.all(
      dedupeKeys.map((key) => this.deps.handles.latestFor(asker, key)),
    );
    return latest.filter((held) => !held || !isLiveHandle(held)).length;
  }

  /** The newest stored result of each kind for the project's repositories and its ad-hoc URLs. */
  async resultsForProject(ownerId: string, projectId: string): Promise<StoredAnalysisSummary[]> {
    await requireOwnedProject(this.deps.db, ownerId, projectId);
    const repos = await repositoriesOf(this.deps.db, projectId);
    const adHoc = (await listJobsHeldForProject(this.deps.db, projectId, ANALYZE_JOB)).map(
      (job) => (job.payload as { repoUrl: string }).repoUrl,
    );
    const urls = [...new Set([...repos.map((repo) => repo.url), ...adHoc])];
    const summaries: StoredAnalysisSummary[] = [];
    for (const url of urls) {
      const seen = new Set<string>();
      for (const row of await queries.listResultsForRepo(this.deps.db, url)) {
        if (seen.has(row.kind)) continue;
        seen.add(row.kind);
        summaries.push({
          repoUrl: url,
          kind: row.kind,
          resultId: row.id,
          commit: row.commitSha,
          analyzerVersion: row.analyzerVersion,
          analyzedAt: row.createdAt.toISOString(),
        });
      }
    }
    return summaries;
  }
}

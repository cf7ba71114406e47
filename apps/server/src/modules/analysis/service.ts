import type {
  AnalysisAccepted,
  AnalysisKind,
  ProjectAnalysisResponse,
  ProjectRepo,
  RepoAnalysisEntry,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import * as jobQueries from '../../jobs/queries.js';
import type { JobQueue, JobRecord } from '../../jobs/types.js';
import { mirrorState } from '../../repo-store/freshness.js';
import type { ProjectPartsService } from '../projects/parts-service.js';
import type { ProjectsService } from '../projects/service.js';
import { ANALYZE_JOB, analyzeDedupeKey } from './analyze-job.js';
import type { AnalysisEngine } from './engine.js';
import { toJobSummary } from './job-summary.js';
import * as queries from './queries.js';
import { QuotaBudget, type AnalysisQuota } from './quota.js';

export interface AnalysisServiceDeps {
  db: Database;
  queue: JobQueue;
  quota: AnalysisQuota;
  engine: AnalysisEngine;
  projects: ProjectsService;
  parts: ProjectPartsService;
  /** A mirror fetched within this window is trusted to be current (no job is started). */
  freshnessMs: number;
  /** How long a request waits for a first result before answering 202. */
  waitMs: number;
}

const ACTIVE = new Set(['queued', 'running']);

interface RepoRead {
  repo: ProjectRepo;
  payload: { repoUrl: string; branch: string; kind: AnalysisKind };
  dedupeKey: string;
  latest: queries.AnalysisResultRow | undefined;
  mirror: Awaited<ReturnType<typeof mirrorState>>;
  job: JobRecord | undefined;
  /** A job should start (the repository may have moved on, or refresh) and none is active. */
  wantsJob: boolean;
}
/** After a failed job, page views wait this long before trying again by themselves (refresh can force it). */
const FAILURE_COOLDOWN_MS = 60_000;

/**
 * Project-level analysis reads. A request never analyses: it returns stored results at once,
 * starting a job when the repository may have moved on (mirror older than the freshness window,
 * or asked to refresh); only when nothing is stored yet does it wait briefly for the job.
 */
export class AnalysisService {
  constructor(private readonly deps: AnalysisServiceDeps) {}

  async forProject(
    ownerId: string,
    projectId: string,
    kind: AnalysisKind,
    options: { refresh: boolean },
  ): Promise<{ ready: ProjectAnalysisResponse } | { accepted: AnalysisAccepted }> {
    const project = await this.deps.projects.requireProject(this.deps.db, ownerId, projectId);
    const repos = await this.deps.parts.listRepos(ownerId, projectId);
    // Archived projects stay readable but start no background work (docs/architecture.md).
    const mayStartJobs = project.status !== 'archived';
    const refresh = options.refresh && mayStartJobs;
    const reads = await Promise.all(repos.map((repo) => this.read(repo, kind, refresh)));
    // Most views start nothing (a stored result of a fresh mirror): they read without the user's
    // quota lock, so one user's parallel reads do not queue behind each other. Only the repositories
    // that need a job go through the lock, where counting and enqueueing stay together.
    const wanted = mayStartJobs ? reads.filter((read) => read.wantsJob) : [];
    const budget = new QuotaBudget(this.deps.quota, ownerId);
    if (wanted.length > 0)
      await this.deps.quota.serialize(ownerId, () =>
        Promise.all(wanted.map((read) => this.start(read, ownerId, projectId, refresh, budget))),
      );
    let entries = reads.map((read) => this.toEntry(read));
    const waiting = entries.filter((entry) => entry.job && ACTIVE.has(entry.job.status));
    // Over the quota, the jobs that fit start and the rest wait for a later view. Only when this
    // request can show nothing new at all (nothing running, and it asked to refresh or nothing is
    // stored) does it answer 429, so the user learns why nothing happens.
    if (
      budget.refused > 0 &&
      waiting.length === 0 &&
      (options.refresh || entries.every((entry) => entry.result === null))
    )
      throw this.deps.quota.activeLimitReached();
    if (waiting.length > 0 && entries.every((entry) => entry.result === null)) {
      await Promise.all(
        waiting.map((entry) => this.deps.queue.waitFor(entry.job!.id, this.deps.waitMs)),
      );
      entries = (await Promise.all(repos.map((repo) => this.read(repo, kind, false)))).map((read) =>
        this.toEntry(read),
      );
      const stillWaiting = entries.filter((entry) => entry.job && ACTIVE.has(entry.job.status));
      if (stillWaiting.length > 0 && entries.every((entry) => entry.result === null)) {
        const jobs = stillWaiting.map((entry) => entry.job!);
        return {
          accepted: {
            status: jobs.some((job) => job.status === 'running') ? 'running' : 'queued',
            jobId: jobs[0]!.id,
            progress: Math.round(jobs.reduce((sum, job) => sum + job.progress, 0) / jobs.length),
            jobs,
          },
        };
      }
    }
    return { ready: { projectId, kind, repositories: entries } };
  }

  /** What is stored and running for one repository, and whether a job should start for it. */
  private async read(repo: ProjectRepo, kind: AnalysisKind, refresh: boolean): Promise<RepoRead> {
    const payload = { repoUrl: repo.url, branch: repo.branch, kind };
    const dedupeKey = analyzeDedupeKey(payload);
    // This branch's own result: the repository's newest result may be of another branch.
    const [latest, mirror, job] = await Promise.all([
      queries.latestResultOfJobs(this.deps.db, ANALYZE_JOB, dedupeKey),
      mirrorState(this.deps.db, repo.url),
      jobQueries.findLatestByDedupeKey(this.deps.db, dedupeKey),
    ]);
    // A job that just failed (repository gone, private, too large) is not retried on every page view.
    const failedRecently =
      job?.status === 'failed' &&
      job.finishedAt !== null &&
      Date.now() - job.finishedAt.getTime() < Math.max(this.deps.freshnessMs, FAILURE_COOLDOWN_MS);
    const shouldStart =
      refresh || (!failedRecently && this.mayHaveMoved(mirror.lastFetchedAt, latest));
    const wantsJob = shouldStart && !(job && ACTIVE.has(job.status));
    return { repo, payload, dedupeKey, latest, mirror, job, wantsJob };
  }

  /** Starts `read`'s job if the budget allows (call inside the user's quota lock). */
  private async start(
    read: RepoRead,
    ownerId: string,
    projectId: string,
    refresh: boolean,
    budget: QuotaBudget,
  ): Promise<void> {
    // Read again under the lock: a parallel request may have started it since.
    const current = await jobQueries.findLatestByDedupeKey(this.deps.db, read.dedupeKey);
    if (current) read.job = current;
    if (current && ACTIVE.has(current.status)) return;
    if (!(await budget.take())) return;
    read.job = await this.deps.queue.enqueue(
      ANALYZE_JOB,
      { ...read.payload, force: refresh },
      { dedupeKey: read.dedupeKey, ownerId, projectId },
    );
  }

  private toEntry({ repo, latest, mirror, job }: RepoRead): RepoAnalysisEntry {
    const active = job !== undefined && ACTIVE.has(job.status);
    const failed = job?.status === 'failed';
    return {
      repoId: repo.id,
      name: repo.name,
      owner: repo.owner,
      repo: repo.repo,
      url: repo.url,
      branch: repo.branch,
      defaultBranch: mirror.defaultBranch,
      status: latest
        ? 'ready'
        : active
          ? (job.status as 'queued' | 'running')
          : failed
            ? 'failed'
            : 'not_analyzed',
      commit: latest?.commitSha ?? null,
      analyzedAt: latest?.createdAt.toISOString() ?? null,
      analyzerVersion: latest?.analyzerVersion ?? null,
      stale:
        latest !== undefined &&
        (active || failed || latest.analyzerVersion !== this.deps.engine.version),
      job: job ? toJobSummary(job) : null,
      result: latest?.result ?? null,
    };
  }

  /** Nothing stored, an older engine's result, or a mirror not fetched within the window. */
  private mayHaveMoved(
    fetched: Date | null,
    latest: queries.AnalysisResultRow | undefined,
  ): boolean {
    if (!latest || latest.analyzerVersion !== this.deps.engine.version) return true;
    return !fetched || Date.now() - fetched.getTime() >= this.deps.freshnessMs;
  }
}

import type {
  AnalysisAccepted,
  AnalysisKind,
  ProjectAnalysisResponse,
  ProjectRepo,
  RepoAnalysisEntry,
} from '@rota/contracts';
import type { Database } from '../../db/client.js';
import * as jobQueries from '../../jobs/queries.js';
import { isLiveHandle, type HeldJob, type JobAsker, type JobHandles } from '../../jobs/handles.js';
import type { JobQueue } from '../../jobs/types.js';
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
  handles: JobHandles;
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
    const budget = new QuotaBudget(this.deps.quota, ownerId);
    const asker: JobAsker = { ownerId, projectId };
    // Most views start nothing (a stored result of a fresh mirror): they are looked at without the
    // user's quota lock, so one user's parallel reads do not queue behind each other (bench/load.ts
    // measured reads of a stored analysis at 15x health's p50 with every read inside the lock). Only
    // the repositories that want work are looked at again inside the lock, where counting and
    // enqueueing stay together.
    let looked = await Promise.all(
      repos.map((repo) => this.entry(repo, kind, asker, refresh, null)),
    );
    if (mayStartJobs && looked.some(({ wantsStart }) => wantsStart)) {
      const first = looked;
      looked = await this.deps.quota.serialize(ownerId, () =>
        Promise.all(
          repos.map((repo, index) =>
            first[index]!.wantsStart
              ? this.entry(repo, kind, asker, refresh, budget)
              : Promise.resolve(first[index]!),
          ),
        ),
      );
    }
    const waiting = looked.filter(({ held }) => held && isLiveHandle(held));
    // Over the quota, the jobs that fit start and the rest wait for a later view. Only when this
    // request can show nothing new at all (nothing running, and it asked to refresh or nothing is
    // stored) does it answer 429, so the user learns why nothing happens.
    if (
      budget.refused > 0 &&
      waiting.length === 0 &&
      (options.refresh || looked.every(({ entry }) => entry.result === null))
    )
      throw this.deps.quota.activeLimitReached();
    if (waiting.length > 0 && looked.every(({ entry }) => entry.result === null)) {
      await Promise.all(
        waiting.map(({ held }) => this.deps.queue.waitFor(held!.job.id, this.deps.waitMs)),
      );
      looked = await Promise.all(repos.map((repo) => this.entry(repo, kind, asker, false, null)));
      const stillWaiting = looked.filter(({ held }) => held && isLiveHandle(held));
      if (stillWaiting.length > 0 && looked.every(({ entry }) => entry.result === null)) {
        const jobs = stillWaiting.map(({ entry }) => entry.job!);
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
    const entries = looked.map(({ entry }) => entry);
    return { ready: { projectId, kind, repositories: entries } };
  }

  /**
   * One repository's entry, and the user's handle behind its `job`. The repository's newest job may
   * be another user's (jobs are shared by dedupe key): showing it means handing this user a handle
   * on it. A finished one costs nothing; waiting on a queued or running one counts against the
   * user's quota like starting it would.
   */
  private async entry(
    repo: ProjectRepo,
    kind: AnalysisKind,
    asker: JobAsker,
    refresh: boolean,
    /** Where new jobs are paid from; null: start none (archived project, or a second look). */
    budget: QuotaBudget | null,
  ): Promise<{ entry: RepoAnalysisEntry; held: HeldJob | undefined; wantsStart: boolean }> {
    const payload = { repoUrl: repo.url, branch: repo.branch, kind };
    const dedupeKey = analyzeDedupeKey(payload);
    // This branch's own result: the repository's newest result may be of another branch.
    const latest = await queries.latestResultOfJobs(this.deps.db, ANALYZE_JOB, dedupeKey);
    const mirror = await mirrorState(this.deps.db, repo.url);
    const shared = await jobQueries.findLatestByDedupeKey(this.deps.db, dedupeKey);
    let held = await this.deps.handles.latestFor(asker, dedupeKey);
    const sharedActive = shared !== undefined && ACTIVE.has(shared.status);
    const holdsShared = held !== undefined && held.job.id === shared?.id;
    // Someone's finished job is newer than what this user holds: reading it is free.
    if (shared && !sharedActive && !holdsShared)
      held = (await this.deps.handles.attach(shared, asker)) ?? held;
    // A job that just failed (repository gone, private, too large) is not retried on every page view.
    const failedRecently =
      shared?.status === 'failed' &&
      shared.finishedAt !== null &&
      Date.now() - shared.finishedAt.getTime() <
        Math.max(this.deps.freshnessMs, FAILURE_COOLDOWN_MS);
    // Running work is joined (its progress is shown) unless this user cancelled their handle on it
    // and did not ask again; otherwise work starts when the repository may have moved on.
    const wantsWork = sharedActive
      ? !(holdsShared && held!.handle.cancelledAt !== null) || refresh
      : refresh || (!failedRecently && this.mayHaveMoved(mirror.lastFetchedAt, latest));
    const waiting = held !== undefined && isLiveHandle(held);
    if (budget && !waiting && wantsWork && (await budget.take())) {
      held = await this.deps.handles.enqueue(
        asker,
        ANALYZE_JOB,
        { ...payload, force: refresh },
        { dedupeKey },
      );
    }
    const job = held ? toJobSummary(held) : null;
    const active = job !== null && ACTIVE.has(job.status);
    const failed = job?.status === 'failed';
    const entry: RepoAnalysisEntry = {
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
      job,
      result: latest?.result ?? null,
    };
    return { entry, held, wantsStart: wantsWork && !waiting };
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

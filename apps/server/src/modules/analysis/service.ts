import { PROJECT_COMPANION_KINDS, ProjectMessages, type AnalysisKind } from '@rota/contracts';
import type { Database } from '../../db/client.js';
import {
  isLiveHandle,
  type HeldJobView,
  type JobAsker,
  type JobHandles,
} from '../../jobs/handles.js';
import type { JobQueue } from '../../jobs/types.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/uuid.js';
import { ANALYZE_JOB, jobBranch } from './analyze-job.js';
import { analyzeDedupeKey } from './job-key.js';
import { projectAnalysisJson, type EntryWithText } from './answer-json.js';
import type { AnalysisAnswers, ComputedAnswer, ProjectAnswer } from './answer-cache.js';
import type { AnalysisEngine } from './engine.js';
import { toJobSummary } from '../../jobs/job-summary.js';
import { lookAtProject, type RepoLook } from './queries.js';
import { QuotaBudget, type AnalysisQuota } from './quota.js';
import type { StoredResults } from './stored-results.js';

export interface AnalysisServiceDeps {
  db: Database;
  queue: JobQueue;
  handles: JobHandles;
  quota: AnalysisQuota;
  engine: AnalysisEngine;
  /** Stored results' JSON text by row id (read once, then from memory). */
  results: StoredResults;
  /** A mirror fetched within this window is trusted to be current (no job is started). */
  freshnessMs: number;
  /** How long a request waits for a first result before answering 202. */
  waitMs: number;
  /** Whole answers kept until a write could change them: embedded only (single-process.ts). */
  answers?: AnalysisAnswers;
}

const ACTIVE = new Set(['queued', 'running']);

/** After a failed job, page views wait this long before trying again by themselves (refresh can force it). */
const FAILURE_COOLDOWN_MS = 60_000;

/** One repository's entry before its result text is added, and what the decision rests on. */
interface Looked {
  entry: Omit<EntryWithText, 'resultText'>;
  resultId: string | null;
  held: HeldJobView | undefined;
  wantsStart: boolean;
  /** When the clock alone could change this entry's decision (epoch ms; Infinity: never). */
  changesAt: number;
}

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
  ): Promise<ProjectAnswer> {
    const { answers } = this.deps;
    const compute = () => this.compute(ownerId, projectId, kind, options);
    // A refresh asks for work, which a kept answer would skip.
    if (!answers || options.refresh) return (await compute()).outcome;
    return answers.answer({ ownerId, projectId, kind }, compute);
  }

  /**
   * The answer, and until when it stays the answer while nothing is written: only a view that
   * starts nothing and waits for nothing is kept, until the first entry whose decision the clock
   * alone would change.
   */
  private async compute(
    ownerId: string,
    projectId: string,
    kind: AnalysisKind,
    options: { refresh: boolean },
  ): Promise<ComputedAnswer> {
    const look = async () => {
      const found = isUuid(projectId)
        ? await lookAtProject(this.deps.db, ownerId, projectId, kind)
        : undefined;
      if (!found) throw notFound(ProjectMessages.notFound);
      return found;
    };
    const project = await look();
    // Archived projects stay readable but start no background work (docs/projects.md).
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
      project.repos.map((repo) => this.entry(repo, kind, asker, refresh, null)),
    );
    const startsNothing = !mayStartJobs || !looked.some(({ wantsStart }) => wantsStart);
    if (mayStartJobs && looked.some(({ wantsStart }) => wantsStart)) {
      const first = looked;
      looked = await this.deps.quota.serialize(ownerId, async () => {
        const again = (await look()).repos;
        return Promise.all(
          again.map((repo) => {
            const before = first.find(({ entry }) => entry.repoId === repo.repo.id);
            return before && !before.wantsStart
              ? Promise.resolve(before)
              : this.entry(repo, kind, asker, refresh, budget);
          }),
        );
      });
    }
    const waiting = looked.filter(({ held }) => held && isLiveHandle(held));
    // Over the quota, the jobs that fit start and the rest wait for a later view. Only when this
    // request can show nothing new at all (nothing running, and it asked to refresh or nothing is
    // stored) does it answer 429, so the user learns why nothing happens.
    if (
      budget.refused > 0 &&
      waiting.length === 0 &&
      (options.refresh || looked.every(({ resultId }) => resultId === null))
    )
      throw this.deps.quota.activeLimitReached();
    if (waiting.length > 0 && looked.every(({ resultId }) => resultId === null)) {
      await Promise.all(
        waiting.map(({ held }) => this.deps.queue.waitFor(held!.job.id, this.deps.waitMs)),
      );
      looked = await Promise.all(
        (await look()).repos.map((repo) => this.entry(repo, kind, asker, false, null)),
      );
      const stillWaiting = looked.filter(({ held }) => held && isLiveHandle(held));
      if (stillWaiting.length > 0 && looked.every(({ resultId }) => resultId === null)) {
        const jobs = stillWaiting.map(({ entry }) => entry.job!);
        return {
          outcome: {
            accepted: {
              status: jobs.some((job) => job.status === 'running') ? 'running' : 'queued',
              jobId: jobs[0]!.id,
              progress: Math.round(jobs.reduce((sum, job) => sum + job.progress, 0) / jobs.length),
              jobs,
            },
          },
          keepUntil: null,
        };
      }
      return { outcome: await this.ready(projectId, kind, looked), keepUntil: null };
    }
    return {
      outcome: await this.ready(projectId, kind, looked),
      keepUntil: startsNothing ? Math.min(...looked.map(({ changesAt }) => changesAt)) : null,
    };
  }

  private async ready(
    projectId: string,
    kind: AnalysisKind,
    looked: Looked[],
  ): Promise<{ ready: { json: string } }> {
    const texts = await this.deps.results.textsOf(
      looked.flatMap(({ resultId }) => (resultId ? [resultId] : [])),
    );
    const entries = looked.map(({ entry, resultId }) => ({
      ...entry,
      resultText: resultId ? (texts.get(resultId) ?? null) : null,
    }));
    return { ready: { json: projectAnalysisJson(projectId, kind, entries) } };
  }

  /**
   * The analyses that go with this kind's (PROJECT_COMPANION_KINDS: the history the Analytics tab
   * reads starts with the structure), on the same quota; over the quota they wait for a later view.
   * Not forced: the mirror was just fetched for the kind they go with.
   */
  private async startCompanions(
    repo: RepoLook['repo'],
    kind: AnalysisKind,
    asker: JobAsker,
    budget: QuotaBudget,
  ): Promise<void> {
    for (const companion of PROJECT_COMPANION_KINDS[kind] ?? []) {
      const payload = { repoUrl: repo.url, branch: jobBranch(repo.branch), kind: companion };
      const dedupeKey = analyzeDedupeKey(payload);
      const current = await this.deps.handles.latestFor(asker, dedupeKey);
      if (current && isLiveHandle(current)) continue;
      if (!(await budget.take())) return;
      await this.deps.handles.enqueue(asker, ANALYZE_JOB, payload, { dedupeKey });
    }
  }

  /**
   * One repository's entry, and the user's handle behind its `job`. The repository's newest job may
   * be another user's (jobs are shared by dedupe key): showing it means handing this user a handle
   * on it. A finished one costs nothing; waiting on a queued or running one counts against the
   * user's quota like starting it would.
   */
  private async entry(
    { repo, latest, mirror, shared, held: heldBefore }: RepoLook,
    kind: AnalysisKind,
    asker: JobAsker,
    refresh: boolean,
    /** Where new jobs are paid from; null: start none (archived project, or a second look). */
    budget: QuotaBudget | null,
  ): Promise<Looked> {
    const payload = { repoUrl: repo.url, branch: jobBranch(repo.branch), kind };
    const dedupeKey = analyzeDedupeKey(payload);
    let held: HeldJobView | undefined = heldBefore ?? undefined;
    const sharedActive = shared !== null && ACTIVE.has(shared.status);
    const holdsShared = held !== undefined && held.job.id === shared?.id;
    // Someone's finished job is newer than what this user holds: reading it is free.
    if (shared && !sharedActive && !holdsShared)
      held = (await this.deps.handles.attach(shared, asker)) ?? held;
    // A job that just failed (repository gone, private, too large) is not retried on every page view.
    const now = Date.now();
    const coolsAt =
      shared?.status === 'failed' && shared.finishedAt !== null
        ? shared.finishedAt.getTime() + Math.max(this.deps.freshnessMs, FAILURE_COOLDOWN_MS)
        : -Infinity;
    const failedRecently = now < coolsAt;
    // A fresh mirror's stored result turns into "may have moved on" when the window ends.
    const leavesWindow =
      latest && latest.analyzerVersion === this.deps.engine.version && mirror.lastFetchedAt
        ? mirror.lastFetchedAt.getTime() + this.deps.freshnessMs
        : -Infinity;
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
      await this.startCompanions(repo, kind, asker, budget);
    }
    const job = held ? toJobSummary(held) : null;
    const active = job !== null && ACTIVE.has(job.status);
    const failed = job?.status === 'failed';
    const entry: Looked['entry'] = {
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
        latest !== null &&
        (active || failed || latest.analyzerVersion !== this.deps.engine.version),
      job,
    };
    return {
      entry,
      resultId: latest?.id ?? null,
      held,
      wantsStart: wantsWork && !waiting,
      changesAt: Math.min(
        failedRecently ? coolsAt : Infinity,
        now < leavesWindow ? leavesWindow : Infinity,
      ),
    };
  }

  /** Nothing stored, an older engine's result, or a mirror not fetched within the window. */
  private mayHaveMoved(fetched: Date | null, latest: RepoLook['latest']): boolean {
    if (!latest || latest.analyzerVersion !== this.deps.engine.version) return true;
    return !fetched || Date.now() - fetched.getTime() >= this.deps.freshnessMs;
  }
}

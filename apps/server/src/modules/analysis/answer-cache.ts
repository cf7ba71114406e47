import type { AnalysisAccepted, AnalysisKind } from '@rota/contracts';
import type { DatabaseHandle } from '../../db/client.js';
import { HitCounter, type CacheFigures } from '../../lib/cache-figures.js';
import { announceAnswerChanges } from './queries.js';

/** What the held answers may cost in all (UTF-16: two bytes a character); oldest used go first. */
export const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;
const CHANNEL = 'rota_analysis_answers';

export type ProjectAnswer = { ready: { json: string } } | { accepted: AnalysisAccepted };

/** A computed answer, and until when (epoch ms) it stays the answer if nothing is written; null: not kept. */
export interface ComputedAnswer {
  outcome: ProjectAnswer;
  keepUntil: number | null;
}

export interface AnswerKey {
  ownerId: string;
  projectId: string;
  kind: AnalysisKind;
}

interface Held {
  json: string;
  projectId: string;
  until: number;
  /** When it was kept (epoch ms). */
  storedAt: number;
}

/** A computation under way: spoiled when a write it may not have seen was announced meanwhile. */
interface Reading {
  projectId: string;
  spoiled: boolean;
}

/**
 * Stored-analysis answers (the exact bytes) by owner, project and kind, for a process that is the
 * database's only writer (embedded PGlite; wired in single-process.ts, never with DATABASE_URL).
 * An answer is a function of the rows lookAtProject and StoredResults read, and of the clock (a
 * mirror leaves its freshness window, a failed job its cool-down: AnalysisService says until when
 * via `keepUntil`). Triggers (`announceAnswerChanges`, queries.ts) announce every write of those rows, by whatever
 * code or SQL makes it; PGlite hands the notification to this listener before the writing
 * statement (or its transaction's commit) settles, so the next read computes afresh. A project's
 * own rows forget that project's answers; a job, mirror or result forgets them all. An answer
 * computed while such a write was announced is sent but not kept, and so is one whose request
 * wrote (a handle attached, a job started: its own triggers fire).
 */
export class AnalysisAnswers {
  private readonly held = new Map<string, Held>();
  private readonly byProject = new Map<string, Set<string>>();
  private readonly readings = new Set<Reading>();
  private readonly counter = new HitCounter();
  private bytes = 0;

  private constructor(private readonly budgetBytes: number) {}

  static async listening(
    database: DatabaseHandle,
    budgetBytes = ANSWER_CACHE_BYTES,
  ): Promise<AnalysisAnswers> {
    if (!database.listen) throw new Error('AnalysisAnswers needs notifications (embedded PGlite)');
    const answers = new AnalysisAnswers(budgetBytes);
    await announceAnswerChanges(database.db, CHANNEL);
    await database.listen(CHANNEL, (projectId) => answers.forget(projectId));
    return answers;
  }

  /** The held answer, else `compute`'s (kept when it says so and nothing it read was written meanwhile). */
  async answer(key: AnswerKey, compute: () => Promise<ComputedAnswer>): Promise<ProjectAnswer> {
    const id = `${key.projectId} ${key.ownerId} ${key.kind}`;
    const found = this.held.get(id);
    if (found && Date.now() < found.until) {
      this.counter.hit();
      // Map order is the eviction order: a hit moves to the back.
      this.held.delete(id);
      this.held.set(id, found);
      return { ready: { json: found.json } };
    }
    this.counter.miss();
    if (found) this.drop(id);
    const reading: Reading = { projectId: key.projectId, spoiled: false };
    this.readings.add(reading);
    try {
      const { outcome, keepUntil } = await compute();
      if (!reading.spoiled && keepUntil !== null && 'ready' in outcome)
        this.keep(id, {
          json: outcome.ready.json,
          projectId: key.projectId,
          until: keepUntil,
          storedAt: Date.now(),
        });
      return outcome;
    } finally {
      this.readings.delete(reading);
    }
  }

  /** How many answers are held (for tests). */
  get size(): number {
    return this.held.size;
  }

  /** The held answers, their bytes (UTF-8), and this process's hits since it started. */
  stats(): CacheFigures {
    let bytes = 0;
    let oldest = Infinity;
    for (const answer of this.held.values()) {
      bytes += Buffer.byteLength(answer.json);
      oldest = Math.min(oldest, answer.storedAt);
    }
    return {
      store: 'memory',
      entries: this.held.size,
      bytes,
      hits: this.counter.hits,
      misses: this.counter.misses,
      oldestEntry: Number.isFinite(oldest) ? new Date(oldest) : null,
    };
  }

  /** Forgets every held answer (a computation under way is not kept); returns how many went. */
  clear(): number {
    const removed = this.held.size;
    this.forget('*');
    return removed;
  }

  /** Forgets the answers of these projects, whoever asked; returns how many went. */
  forgetProjects(projectIds: readonly string[]): number {
    const before = this.held.size;
    for (const projectId of projectIds) this.forget(projectId);
    return before - this.held.size;
  }

  private forget(projectId: string) {
    for (const reading of this.readings)
      if (projectId === '*' || reading.projectId === projectId) reading.spoiled = true;
    if (projectId === '*') {
      this.held.clear();
      this.byProject.clear();
      this.bytes = 0;
      return;
    }
    for (const id of this.byProject.get(projectId) ?? []) this.drop(id);
  }

  private keep(id: string, answer: Held) {
    const cost = answer.json.length * 2;
    if (cost > this.budgetBytes) return;
    this.drop(id);
    this.held.set(id, answer);
    this.bytes += cost;
    let ids = this.byProject.get(answer.projectId);
    if (!ids) this.byProject.set(answer.projectId, (ids = new Set()));
    ids.add(id);
    for (const oldest of this.held.keys()) {
      if (this.bytes <= this.budgetBytes) break;
      this.drop(oldest);
    }
  }

  private drop(id: string) {
    const answer = this.held.get(id);
    if (!answer) return;
    this.held.delete(id);
    this.bytes -= answer.json.length * 2;
    const ids = this.byProject.get(answer.projectId);
    ids?.delete(id);
    if (ids?.size === 0) this.byProject.delete(answer.projectId);
  }
}

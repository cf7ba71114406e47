import type { ProjectSummary } from '@rota/contracts';
import { HitCounter, type CacheFigures } from '../../lib/cache-figures.js';
import { patchedList, type ListFilter, type ProjectListChange } from './list-patch.js';

/** Lists held at most (owner × filter); the oldest go first. */
const MAX_LISTS = 1000;

interface Held {
  ownerId: string;
  filter: ListFilter;
  list: ProjectSummary[];
  /** When it was read from the database (epoch ms); patches keep it. */
  storedAt: number;
}

/** A list being read from the database: the changes that settle meanwhile are applied before it is kept. */
interface Reading {
  ownerId: string;
  changes: ProjectListChange[];
  spoiled: boolean;
}

/** A write under way: its owner, and the project it writes when that is known beforehand. */
export interface ProjectWrite {
  ownerId: string;
  projectId?: string;
}

/**
 * Project lists by owner and filter, for a process that is the database's only writer (embedded
 * PGlite; wired in single-process.ts, never with DATABASE_URL). Every write to a project or to
 * the repositories it counts goes through ProjectsService or ProjectPartsService, which run it in
 * `writing` and say what it did (`ProjectListChange`). A change touches its owner's lists only,
 * and is applied to them (the project put in its place, or taken out) instead of forgetting them:
 * under a steady mix of writes, forgetting meant reading the whole list again after nearly every
 * write. Where a change cannot be applied exactly (see `patchedList`), or the write
 * failed, the owner's lists are forgotten.
 *
 * Why applying is exact: a project's summary depends only on its own row and repositories, so
 * changes of different projects commute; writes of one project that did not overlap settle in the
 * order they committed, so the last applied is the latest; two writes of one project that
 * overlapped may settle out of that order, so each of them forgets instead. A list read from the
 * database while writes settled gets their changes too (each sets a project to its state after
 * that write, so one its read already saw changes nothing).
 */
export class ProjectListCache {
  private readonly lists = new Map<string, Held>();
  private readonly readings = new Set<Reading>();
  /** Writes under way by project, and the projects two of them overlapped on. */
  private readonly writesOf = new Map<string, number>();
  private readonly overlapped = new Set<string>();
  private readonly counter = new HitCounter();

  /** The held list (shared: callers map it into new objects, never change it) or `load`'s. */
  async read(
    ownerId: string,
    filter: ListFilter,
    load: () => Promise<ProjectSummary[]>,
  ): Promise<ProjectSummary[]> {
    const key = JSON.stringify([ownerId, filter.status, filter.search]);
    const held = this.lists.get(key);
    if (held) {
      this.counter.hit();
      return held.list;
    }
    this.counter.miss();
    const reading: Reading = { ownerId, changes: [], spoiled: false };
    this.readings.add(reading);
    let list: ProjectSummary[];
    try {
      list = await load();
    } finally {
      this.readings.delete(reading);
    }
    let kept: ProjectSummary[] | null = reading.spoiled ? null : list;
    for (const change of reading.changes) kept = kept && patchedList(kept, filter, change);
    if (kept) {
      this.lists.set(key, { ownerId, filter, list: kept, storedAt: Date.now() });
      if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    }
    return list;
  }

  /**
   * Runs a write of projects or their repositories and, once it settled, applies what `changeOf`
   * says it did to the owner's lists (a failed write forgets them: forgetting too much costs one read).
   */
  async writing<T>(
    write: ProjectWrite,
    run: () => Promise<T>,
    changeOf: (result: T) => ProjectListChange | null,
  ): Promise<T> {
    const { projectId } = write;
    if (projectId) {
      const under = (this.writesOf.get(projectId) ?? 0) + 1;
      this.writesOf.set(projectId, under);
      if (under > 1) this.overlapped.add(projectId);
    }
    let change: ProjectListChange | null = { ownerId: write.ownerId, forget: true };
    try {
      const result = await run();
      change = changeOf(result);
      return result;
    } finally {
      if (projectId) {
        if (this.overlapped.has(projectId)) change = { ownerId: write.ownerId, forget: true };
        const under = this.writesOf.get(projectId)! - 1;
        if (under > 0) this.writesOf.set(projectId, under);
        else {
          this.writesOf.delete(projectId);
          this.overlapped.delete(projectId);
        }
      }
      if (change) this.apply(change);
    }
  }

  /**
   * The held lists, their size as JSON text (UTF-8; counted when asked, lists are patched in
   * place), and this process's hits since it started.
   */
  stats(): CacheFigures {
    let bytes = 0;
    let oldest = Infinity;
    for (const held of this.lists.values()) {
      bytes += Buffer.byteLength(JSON.stringify(held.list));
      oldest = Math.min(oldest, held.storedAt);
    }
    return {
      store: 'memory',
      entries: this.lists.size,
      bytes,
      hits: this.counter.hits,
      misses: this.counter.misses,
      oldestEntry: Number.isFinite(oldest) ? new Date(oldest) : null,
    };
  }

  /** Forgets every list (one being read is not kept); returns how many went. */
  clear(): number {
    const removed = this.lists.size;
    for (const reading of this.readings) reading.spoiled = true;
    this.lists.clear();
    return removed;
  }

  /** Forgets an owner's lists (one being read is not kept); returns how many went. */
  forgetOwner(ownerId: string): number {
    const before = this.lists.size;
    this.apply({ ownerId, forget: true });
    return before - this.lists.size;
  }

  private apply(change: ProjectListChange) {
    for (const reading of this.readings) {
      if (reading.ownerId !== change.ownerId) continue;
      if ('forget' in change) reading.spoiled = true;
      else reading.changes.push(change);
    }
    for (const [key, held] of this.lists) {
      if (held.ownerId !== change.ownerId) continue;
      const list = patchedList(held.list, held.filter, change);
      if (list) held.list = list;
      else this.lists.delete(key);
    }
  }
}

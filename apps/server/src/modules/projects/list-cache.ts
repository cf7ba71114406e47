import type { ProjectSummary } from '@rota/contracts';

/** Lists held at most (owner × filter); the oldest go first. */
const MAX_LISTS = 1000;

/**
 * Project lists by owner and filter, for a process that is the database's only writer (embedded
 * PGlite; wired in single-process.ts, never with DATABASE_URL). Every write to a project or to
 * the repositories it counts goes through ProjectsService or ProjectPartsService, which end it
 * with `changed()`; that drops every list (of all owners: writes are rare next to reads, and one
 * rule is easy to keep exact). A list read while a write was under way is answered but not kept
 * (the generation moved), so a list from before a write is never served after it.
 */
export class ProjectListCache {
  private generation = 0;
  private readonly lists = new Map<string, ProjectSummary[]>();

  /** The held list (shared: callers map it into new objects, never change it) or `load`'s. */
  async read(key: string, load: () => Promise<ProjectSummary[]>): Promise<ProjectSummary[]> {
    const held = this.lists.get(key);
    if (held) return held;
    const at = this.generation;
    const list = await load();
    if (at === this.generation) {
      this.lists.set(key, list);
      if (this.lists.size > MAX_LISTS) this.lists.delete(this.lists.keys().next().value!);
    }
    return list;
  }

  /** Runs a write of projects or their repositories and forgets every list once it settled. */
  async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      // Also after a failed or rolled-back write: forgetting too much costs one read.
      this.generation += 1;
      this.lists.clear();
    }
  }
}

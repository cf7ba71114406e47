import { AnalysisError } from '../errors.js';
import { BitmapPool } from './bitmap-pool.js';
import type { CommitGraph } from './commit-graph.js';
import { SlicedCounter } from './sliced-counter.js';

/** Per tip (same order as the `tips` argument). */
export interface Comparison {
  ahead: number[];
  behind: number[];
  /** The tip is reachable from the default tip. */
  merged: boolean[];
  /** Oldest committer time (unix s) among the tip's commits not on the default branch; NaN if none. */
  oldestUnique: number[];
}

/**
 * ahead/behind of many tips against one default tip in a single pass over the graph, the way
 * git's own `ahead_behind()` (2.41+) does it: every commit gets a bitmap of the tips that reach
 * it, filled children-first and handed down to parents. Then for tip b,
 *   ahead(b)  = commits whose bitmap has b and not the default's bit,
 *   behind(b) = commits with the default's bit − commits with both bits,
 * which is exactly the symmetric difference `git rev-list --left-right --count default...b` counts.
 *
 * What keeps it cheap: a linear chain hands its bitmap down by ownership (no copy), commits are
 * counted lazily as "bitmap × rows", and when two bitmaps meet, each side's uncounted rows are
 * either counted now or kept as "union × rows − (bits gained) × rows", whichever touches fewer
 * words. So the cost is per fork and merge point, mostly on the few words that differ.
 */
export function compareTips(graph: CommitGraph, tips: number[], defaultTip: number): Comparison {
  const size = graph.size;
  const width = Math.max(1, Math.ceil(tips.length / 32));
  const defaultBit = tips.indexOf(defaultTip);
  if (defaultBit === -1) throw new AnalysisError('INVALID_OPTIONS', 'default tip is not a tip');

  const pool = new BitmapPool(width);
  const scratch = new Uint32Array(width);
  // Rows reachable from the default tip and rows that are not, each as plus − minus.
  const plus = [new SlicedCounter(width), new SlicedCounter(width)];
  const minus = [new SlicedCounter(width), new SlicedCounter(width)];
  const side = (slot: number) => (pool.hasBit(slot, defaultBit) ? 1 : 0);
  const flush = (slot: number): void => {
    const rows = pool.rows[slot]!;
    if (rows === 0) return;
    plus[side(slot)]!.addRow(pool.words, slot * width, pool.lo[slot]!, pool.hi[slot]!, rows);
    pool.rows[slot] = 0;
  };
  /**
   * `slot` is about to gain the bits held in scratch[gained] and to end up on side `unionSide`:
   * its uncounted rows are counted now, or kept and corrected by subtracting the gained bits.
   */
  const settle = (slot: number, gained: [number, number] | null, unionSide: number): void => {
    const rows = pool.rows[slot]!;
    if (rows === 0 || gained === null) return;
    if (side(slot) === unionSide && gained[1] - gained[0] <= pool.span(slot)) {
      minus[unionSide]!.addRow(scratch, 0, gained[0], gained[1], rows);
    } else {
      flush(slot);
    }
  };

  const { parentStart, parents } = graph;
  const slotOf = new Int32Array(size).fill(-1);
  tips.forEach((tip, bit) => {
    if (slotOf[tip] === -1) slotOf[tip] = pool.allocate();
    pool.setBit(slotOf[tip]!, bit);
  });

  // Kahn's algorithm with a stack: a commit is visited once all its children are, and the stack
  // walks each branch down to its fork point before starting another, keeping the frontier small.
  const waitingChildren = new Int32Array(size);
  for (let e = 0; e < parents.length; e += 1) waitingChildren[parents[e]!]! += 1;
  const stack = new Int32Array(size);
  let top = 0;
  for (let commit = 0; commit < size; commit += 1)
    if (waitingChildren[commit] === 0) stack[top++] = commit;
  const visitOrder = new Int32Array(size);
  const inDefault = new Uint8Array(size);
  let visited = 0;
  while (top > 0) {
    const commit = stack[--top]!;
    visitOrder[visited++] = commit;
    let slot = slotOf[commit]!;
    slotOf[commit] = -1;
    if (slot !== -1) {
      inDefault[commit] = side(slot);
      pool.rows[slot] = pool.rows[slot]! + 1;
    }
    const last = parentStart[commit + 1]! - 1;
    for (let e = parentStart[commit]!; e <= last; e += 1) {
      const parent = parents[e]!;
      waitingChildren[parent]! -= 1;
      if (waitingChildren[parent] === 0) stack[top++] = parent;
      if (slot === -1) continue;
      const target = slotOf[parent]!;
      if (target === -1 && e === last) {
        slotOf[parent] = slot; // the last parent inherits the bitmap and its uncounted rows
        slot = -1;
      } else if (target === -1) {
        const copy = pool.allocate();
        pool.or(slot, copy);
        slotOf[parent] = copy;
      } else if (e !== last) {
        // `slot` is still needed by later parents: only the parent's bitmap grows.
        const gained = pool.difference(slot, target, scratch);
        if (gained) {
          settle(target, gained, side(slot) | side(target));
          pool.or(slot, target);
        }
      } else {
        // Both bitmaps become one; the wider one survives so the OR touches the narrower span.
        const [keep, drop] = pool.span(slot) >= pool.span(target) ? [slot, target] : [target, slot];
        const unionSide = side(keep) | side(drop);
        settle(keep, pool.difference(drop, keep, scratch), unionSide);
        settle(drop, pool.difference(keep, drop, scratch), unionSide);
        pool.rows[keep] = pool.rows[keep]! + pool.rows[drop]!;
        pool.rows[drop] = 0;
        pool.or(drop, keep);
        pool.release(drop);
        slotOf[parent] = keep;
        slot = -1;
      }
    }
    if (slot !== -1) {
      flush(slot);
      pool.release(slot);
    }
  }
  if (visited !== size)
    throw new AnalysisError('GIT_FAILED', 'the commit graph has a cycle (grafts or replace refs?)');

  // Oldest commit not on the default branch, per commit, parents first: a minimum (unlike a
  // count) may see shared ancestors twice, so one value per commit is enough.
  const oldest = new Float64Array(size).fill(Infinity);
  for (let v = size - 1; v >= 0; v -= 1) {
    const commit = visitOrder[v]!;
    if (inDefault[commit]) continue;
    let value = graph.time[commit]!;
    for (let e = parentStart[commit]!; e < parentStart[commit + 1]!; e += 1) {
      const parent = parents[e]!;
      if (!inDefault[parent] && oldest[parent]! < value) value = oldest[parent]!;
    }
    oldest[commit] = value;
  }

  const count = (which: number, bit: number) => plus[which]!.count(bit) - minus[which]!.count(bit);
  const defaultReach = count(1, defaultBit);
  return {
    ahead: tips.map((_, bit) => count(0, bit)),
    behind: tips.map((_, bit) => defaultReach - count(1, bit)),
    merged: tips.map((tip) => inDefault[tip] === 1),
    oldestUnique: tips.map((tip) => (inDefault[tip] ? NaN : oldest[tip]!)),
  };
}

import { compareStrings } from '../facts/paths.js';
import { stronglyConnected } from './graph.js';

export interface ImportCycles {
  /** Groups of 2+ component indexes tied by load-time import loops; sorted, by smallest member. */
  groups: number[][];
  /** Component pairs (`a>b`) with a file import that is part of such a loop. */
  cyclicPairs: Set<string>;
}

/**
 * Dependency cycles between components, found among files: a cycle is a loop of imports that run
 * while modules load (type-only and deferred imports left out) passing through 2+ components. Two
 * components that merely import each other's unrelated files form no loop a module loader would
 * meet, and components are an aggregation the reader did not choose; see docs/analysis/diagram.md.
 */
export function importCycles(
  targets: ReadonlyMap<string, readonly string[]>,
  notAtLoad: ReadonlyMap<string, ReadonlySet<string>>,
  componentOf: (path: string) => number | undefined,
): ImportCycles {
  const files = [...targets.keys()].sort(compareStrings);
  const at = new Map(files.map((file, k) => [file, k]));
  const edges: Array<[number, number]> = [];
  for (const [from, list] of targets) {
    const skip = notAtLoad.get(from);
    for (const to of list) {
      const k = at.get(to);
      if (k !== undefined && !skip?.has(to)) edges.push([at.get(from)!, k]);
    }
  }
  const sccOfFile = new Map<number, number>();
  const parent = new Map<number, number>();
  const root = (c: number): number => {
    let r = c;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  stronglyConnected(files.length, edges).forEach((members, s) => {
    const owners = [
      ...new Set(members.map((m) => componentOf(files[m]!)).filter((c) => c !== undefined)),
    ];
    if (owners.length < 2) return;
    for (const m of members) sccOfFile.set(m, s);
    for (const c of owners) if (!parent.has(c)) parent.set(c, c);
    for (const c of owners.slice(1)) parent.set(root(c), root(owners[0]!));
  });
  const byRoot = new Map<number, number[]>();
  for (const c of [...parent.keys()].sort((a, b) => a - b))
    byRoot.set(root(c), [...(byRoot.get(root(c)) ?? []), c]);
  const cyclicPairs = new Set<string>();
  for (const [from, to] of edges) {
    const s = sccOfFile.get(from);
    if (s === undefined || sccOfFile.get(to) !== s) continue;
    const a = componentOf(files[from]!);
    const b = componentOf(files[to]!);
    if (a !== undefined && b !== undefined && a !== b) cyclicPairs.add(`${a}>${b}`);
  }
  return { groups: [...byRoot.values()].sort((x, y) => x[0]! - y[0]!), cyclicPairs };
}

import { compareStrings, isUnder } from '../facts/paths.js';
import type { Component } from './components.js';
import { stronglyConnected } from './graph.js';

export interface ImportCycles {
  /** Groups of 2+ component indexes in one cycle; sorted, in order of their smallest member. */
  groups: number[][];
  /** Component pairs (`a>b`) whose edge is part of a cycle. */
  cyclicPairs: Set<string>;
}

/**
 * A folder and the folders nested in it (`src/flask`'s own files and `src/flask/json`) are one
 * package of the language: Python subpackages import their parent's modules as a matter of
 * course, so their mutual imports make no cycle between components. Workspace packages are
 * released apart and never count as nested.
 */
function nested(a: Component, b: Component): boolean {
  if (a.kind === 'package' || b.kind === 'package' || a.kind === 'other' || b.kind === 'other')
    return false;
  if (!a.path || !b.path) return false;
  return isUnder(a.path, b.path) || isUnder(b.path, a.path);
}

/**
 * Dependency cycles between components, among imports that run while modules load (type-only and
 * deferred imports left out; see docs/analysis/diagram.md):
 * - components that depend on each other through such imports, unless they are nested folders;
 * - and, nested or not, components a loop of file imports passes through.
 */
export function importCycles(
  components: readonly Component[],
  targets: ReadonlyMap<string, readonly string[]>,
  notAtLoad: ReadonlyMap<string, ReadonlySet<string>>,
  componentOf: (path: string) => number | undefined,
): ImportCycles {
  const files = [...targets.keys()].sort(compareStrings);
  const at = new Map(files.map((file, k) => [file, k]));
  const fileEdges: Array<[number, number]> = [];
  const loadPairs = new Set<string>();
  for (const from of files) {
    const skip = notAtLoad.get(from);
    const a = componentOf(from);
    for (const to of targets.get(from)!) {
      if (skip?.has(to)) continue;
      const k = at.get(to);
      if (k !== undefined) fileEdges.push([at.get(from)!, k]);
      const b = componentOf(to);
      if (a !== undefined && b !== undefined && a !== b && !nested(components[a]!, components[b]!))
        loadPairs.add(`${a}>${b}`);
    }
  }

  const parent = new Map<number, number>();
  const root = (c: number): number => {
    let r = c;
    while (parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const join = (members: number[]) => {
    for (const c of members) if (!parent.has(c)) parent.set(c, c);
    for (const c of members.slice(1)) parent.set(root(c), root(members[0]!));
  };
  const pairs = [...loadPairs].map((key) => key.split('>').map(Number) as [number, number]);
  for (const members of stronglyConnected(components.length, pairs)) join(members);

  const cyclicPairs = new Set<string>();
  const sccOfFile = new Map<number, number>();
  stronglyConnected(files.length, fileEdges).forEach((members, s) => {
    const owners = [
      ...new Set(members.map((m) => componentOf(files[m]!)).filter((c) => c !== undefined)),
    ];
    if (owners.length < 2) return;
    for (const m of members) sccOfFile.set(m, s);
    join(owners);
  });
  for (const [from, to] of fileEdges) {
    const s = sccOfFile.get(from);
    if (s === undefined || sccOfFile.get(to) !== s) continue;
    const a = componentOf(files[from]!);
    const b = componentOf(files[to]!);
    if (a !== undefined && b !== undefined && a !== b) cyclicPairs.add(`${a}>${b}`);
  }
  for (const [a, b] of pairs)
    if (parent.has(a) && root(a) === root(b)) cyclicPairs.add(`${a}>${b}`);

  const byRoot = new Map<number, number[]>();
  for (const c of [...parent.keys()].sort((x, y) => x - y))
    byRoot.set(root(c), [...(byRoot.get(root(c)) ?? []), c]);
  return {
    groups: [...byRoot.values()].filter((g) => g.length > 1).sort((x, y) => x[0]! - y[0]!),
    cyclicPairs,
  };
}

import type {
  DiagramComponentNode,
  DiagramEdge,
  DiagramExternalNode,
  DiagramLanguageShare,
  DiagramSubgraph,
} from '@rota/contracts';
import type { Component } from './components.js';
import type { FrameworkUse, SystemUse } from './externals/detect.js';
import type { FileFact } from './file-facts.js';
import { importCycles } from './import-cycles.js';
import { stableId } from './render/ids.js';
import { componentRole } from './roles.js';
import { compareStrings, dirname, isUnder } from '../facts/paths.js';

const MAX_EVIDENCE = 8;

/** Finds the component a path belongs to, including files that are not component files (manifests). */
export function componentLookup(
  components: readonly Component[],
): (path: string) => number | undefined {
  const byFile = new Map<string, number>();
  components.forEach((c, k) => c.files.forEach((f) => byFile.set(f, k)));
  const containers = components
    .map((c, k) => ({ c, k }))
    .filter(({ c }) => c.kind === 'package' || c.kind === 'folder')
    .sort((a, b) => b.c.path.length - a.c.path.length);
  const ownFiles = new Map(
    components
      .map((c, k) => [c, k] as const)
      .filter(([c]) => c.kind === 'files')
      .map(([c, k]) => [c.path, k]),
  );
  return (path) => {
    const direct = byFile.get(path);
    if (direct !== undefined) return direct;
    const own = ownFiles.get(dirname(path));
    if (own !== undefined) return own;
    return containers.find(({ c }) => c.path && isUnder(path, c.path))?.k;
  };
}

export interface Assembled {
  nodes: Array<DiagramComponentNode | DiagramExternalNode>;
  edges: DiagramEdge[];
  subgraphs: DiagramSubgraph[];
  cycles: string[][];
  fileEdges: number;
}

export interface AssembleInput {
  components: readonly Component[];
  facts: ReadonlyMap<string, FileFact>;
  /** Code lines per file, or null when they are unknown (no stats, nothing read). */
  lines: ((path: string) => number | null) | null;
  targets: ReadonlyMap<string, readonly string[]>;
  /** Per file, the targets it imports for types only (never loaded at run time). */
  typeOnly: ReadonlyMap<string, ReadonlySet<string>>;
  /** Per file, the targets that do not load with it (type-only and deferred imports). */
  notAtLoad: ReadonlyMap<string, ReadonlySet<string>>;
  systems: readonly SystemUse[];
  frameworks: readonly FrameworkUse[];
}

function languagesOf(files: readonly string[], input: AssembleInput): DiagramLanguageShare[] {
  const by = new Map<string, { files: number; code: number }>();
  for (const path of files) {
    const language = input.facts.get(path)?.language;
    if (!language) continue;
    const entry = by.get(language) ?? { files: 0, code: 0 };
    entry.files++;
    entry.code += input.lines?.(path) ?? 0;
    by.set(language, entry);
  }
  return [...by]
    .sort((a, b) => b[1].code - a[1].code || b[1].files - a[1].files || compareStrings(a[0], b[0]))
    .slice(0, 5)
    .map(([language, e]) => ({ language, files: e.files, codeLines: input.lines ? e.code : null }));
}

function uniqueId(prefix: 'n' | 'x' | 'g', key: string, seen: Set<string>): string {
  let id = stableId(prefix, key);
  for (let k = 2; seen.has(id); k++) id = stableId(prefix, `${key}#${k}`);
  seen.add(id);
  return id;
}

/**
 * Turns components, file-level import targets and detected systems into the diagram's nodes,
 * weighted edges, cycle marks and per-area subgraphs, all in a fixed order.
 */
export function assemble(input: AssembleInput): Assembled {
  const { components } = input;
  const lookup = componentLookup(components);
  const seen = new Set<string>();
  const ids = components.map((c) => uniqueId('n', `${c.kind}:${c.path}`, seen));

  // Component edges: distinct (file, file) pairs across component boundaries. An edge made only
  // of type-only imports is drawn but is no run-time dependency.
  const weights = new Map<string, number>();
  const runtime = new Set<string>();
  let fileEdges = 0;
  for (const [from, targets] of [...input.targets].sort((a, b) => compareStrings(a[0], b[0]))) {
    const a = lookup(from);
    const typeOnly = input.typeOnly.get(from);
    for (const to of targets) {
      fileEdges++;
      const b = lookup(to);
      if (a === undefined || b === undefined || a === b) continue;
      weights.set(`${a}>${b}`, (weights.get(`${a}>${b}`) ?? 0) + 1);
      if (!typeOnly?.has(to)) runtime.add(`${a}>${b}`);
    }
  }
  const toPair = (key: string) => key.split('>').map(Number) as [number, number];
  const pairs = [...weights.keys()].map(toPair);
  const cycles = importCycles(components, input.targets, input.notAtLoad, lookup);
  const sccs = cycles.groups;
  const sccOf = new Map<number, number>();
  sccs.forEach((members, k) => members.forEach((m) => sccOf.set(m, k)));

  // Frameworks: by imports, or by a manifest inside the component (a root manifest says nothing
  // about which folder uses the framework, so it is not spread over all of them).
  const frameworksOf = components.map(() => new Set<string>());
  for (const use of input.frameworks) {
    for (const path of [...use.files, ...[...use.manifests].filter((m) => dirname(m) !== '')]) {
      const k = lookup(path);
      if (k !== undefined) frameworksOf[k]!.add(use.rule.label);
    }
  }
  const frameworkRules = components.map((_, k) =>
    input.frameworks.filter((f) => frameworksOf[k]!.has(f.rule.label)).map((f) => f.rule),
  );

  const areaOf = (c: Component) => (c.kind === 'other' || !c.path ? null : c.path.split('/')[0]!);
  const members = new Map<string, number[]>();
  components.forEach((c, k) => {
    const area = areaOf(c);
    if (area !== null) members.set(area, [...(members.get(area) ?? []), k]);
  });
  const grouped = new Set(
    [...members]
      .filter(([area, ks]) => ks.length > 1 || components[ks[0]!]!.path !== area)
      .map(([area]) => area),
  );

  const nodes: Assembled['nodes'] = components.map((c, k) => {
    const area = areaOf(c);
    const rel = area !== null && grouped.has(area) ? c.path.slice(area.length + 1) || area : c.path;
    // The leftover component and the root's own files get their names in the reader's language.
    const label =
      c.kind === 'other'
        ? null
        : c.kind === 'package'
          ? (c.packageName ?? c.path)
          : c.kind === 'files'
            ? c.path
              ? `${rel}/*`
              : null
            : rel;
    const languages = languagesOf(c.files, input);
    const known = input.lines;
    return {
      id: ids[k]!,
      kind: 'component',
      label,
      path: c.path,
      componentKind: c.kind,
      packageName: c.packageName,
      area,
      role: componentRole({ path: c.path, files: c.files, frameworks: frameworkRules[k]! }),
      language: languages[0]?.language ?? null,
      languages,
      files: c.files.length,
      codeLines: known ? c.files.reduce((sum, f) => sum + (known(f) ?? 0), 0) : null,
      frameworks: [...frameworksOf[k]!].sort(compareStrings),
      inCycle: sccOf.has(k),
    };
  });

  const edges: DiagramEdge[] = pairs
    .sort((p, q) => p[0] - q[0] || p[1] - q[1])
    .map(([a, b]) => ({
      from: ids[a]!,
      to: ids[b]!,
      kind: 'imports',
      weight: weights.get(`${a}>${b}`)!,
      typeOnly: !runtime.has(`${a}>${b}`),
      inCycle: cycles.cyclicPairs.has(`${a}>${b}`),
    }));

  const externalIds: string[] = [];
  for (const use of input.systems) {
    const id = uniqueId('x', use.rule.id, seen);
    externalIds.push(id);
    nodes.push({
      id,
      kind: 'external',
      label: use.rule.label,
      system: use.rule.id,
      category: use.rule.category,
      evidence: use.evidence.slice(0, MAX_EVIDENCE),
      evidenceCount: use.evidence.length,
    });
    const users = new Map<number, number>();
    for (const path of use.files) {
      const k = lookup(path);
      if (k !== undefined) users.set(k, (users.get(k) ?? 0) + 1);
    }
    for (const manifest of use.manifests) {
      const k = lookup(manifest);
      if (k !== undefined && !users.has(k)) users.set(k, 1);
    }
    for (const [k, weight] of [...users].sort((p, q) => p[0] - q[0])) {
      edges.push({ from: ids[k]!, to: id, kind: 'uses', weight, typeOnly: false, inCycle: false });
    }
  }

  const subgraphs: DiagramSubgraph[] = [...grouped].sort(compareStrings).map((area) => ({
    id: uniqueId('g', `area:${area}`, seen),
    label: area,
    nodeIds: members.get(area)!.map((k) => ids[k]!),
  }));
  if (externalIds.length)
    subgraphs.push({
      id: uniqueId('g', 'external-systems', seen),
      label: null,
      nodeIds: externalIds,
    });

  return { nodes, edges, subgraphs, cycles: sccs.map((scc) => scc.map((k) => ids[k]!)), fileEdges };
}

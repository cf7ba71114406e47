import type { TechnicalDiagram } from '@rota/contracts';
import { AnalysisError } from '../errors.js';
import { supportArea } from '../facts/support-areas.js';
import type { FileStat } from '../snapshot/file-stat.js';
import type { RepoSnapshot } from '../snapshot/snapshot.js';
import { assemble } from './assemble.js';
import { buildComponents } from './components.js';
import { detectExternals, type SystemUse } from './externals/detect.js';
import { readManifestDependencies } from './externals/manifests.js';
import { buildsSystem } from './externals/own-product.js';
import { selectComponentFiles } from './file-facts.js';
import { scanSources } from './scan-sources.js';
import { createRepoIndex } from './scan/repo-index.js';
import { detectWorkspaces } from './workspaces.js';
import { outOfLoadOrder } from './load-order.js';

export interface BuildDiagramOptions {
  /** The structure analysis' per-file records: which files are code, their language and code lines. */
  fileStats?: readonly FileStat[];
  /** Upper bound on nodes drawn, components and external systems together. Default 30. */
  maxNodes?: number;
  /** Files bigger than this are not read for imports. Default 256 KiB. */
  maxBytesPerFile?: number;
  /** At most this many files are read. Default 20,000. */
  maxFilesScanned?: number;
}

const DEFAULTS = { maxNodes: 30, maxBytesPerFile: 256 * 1024, maxFilesScanned: 20_000 };

function positiveInt(
  name: string,
  value: number | undefined,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new AnalysisError(
      'INVALID_OPTIONS',
      `${name} must be a whole number between 1 and ${max}`,
    );
  }
  return value;
}

/** External systems get at most a third of the node budget; the most used ones are kept. */
function pickSystems(
  systems: readonly SystemUse[],
  maxNodes: number,
): { shown: SystemUse[]; omitted: string[] } {
  const cap = Math.floor(maxNodes / 3);
  const ranked = systems
    .map((use, order) => ({ use, order, weight: use.files.size + use.manifests.size }))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const kept = new Set(ranked.slice(0, cap).map((r) => r.use));
  return {
    shown: systems.filter((s) => kept.has(s)),
    omitted: systems.filter((s) => !kept.has(s)).map((s) => s.rule.id),
  };
}

/**
 * The technical diagram of a snapshot: a file-level import graph for JS/TS, Python, Go, Java/Kotlin,
 * C#, Rust, PHP and Ruby collapsed into at most `maxNodes` components and external systems, as
 * JSON and as Mermaid. Deterministic (no clock, no randomness, everything sorted) and read-only:
 * nothing from the repository is executed.
 */
export async function buildDiagram(
  snapshot: RepoSnapshot,
  options: BuildDiagramOptions = {},
): Promise<TechnicalDiagram> {
  const maxNodes = positiveInt('maxNodes', options.maxNodes, DEFAULTS.maxNodes, 500);
  const maxBytesPerFile = positiveInt(
    'maxBytesPerFile',
    options.maxBytesPerFile,
    DEFAULTS.maxBytesPerFile,
    64 * 1024 * 1024,
  );
  const maxFilesScanned = positiveInt(
    'maxFilesScanned',
    options.maxFilesScanned,
    DEFAULTS.maxFilesScanned,
    10_000_000,
  );

  const index = createRepoIndex(snapshot);
  const workspaces = await detectWorkspaces(index);
  const facts = selectComponentFiles(index, options.fileStats);
  const factByPath = new Map(facts.map((f) => [f.path, f]));
  const scan = await scanSources(
    { index, workspaces },
    facts.map((f) => f.path),
    {
      maxBytesPerFile,
      maxFilesScanned,
      estimateLines: !options.fileStats,
    },
  );

  const codeLinesSource = options.fileStats
    ? 'file-stats'
    : scan.estimatedLines.size
      ? 'estimate'
      : null;
  const lines =
    codeLinesSource === 'file-stats'
      ? (path: string) => factByPath.get(path)?.code ?? null
      : codeLinesSource === 'estimate'
        ? (path: string) => scan.estimatedLines.get(path) ?? null
        : null;

  // Tests, examples, docs and tooling are not the product: a database their files or manifests
  // name (an example app's requirements.txt) is no external system of the product.
  const fileTags = new Map<string, string[]>();
  for (const [path, imports] of scan.imports)
    if (!supportArea(path)) fileTags.set(path, [...imports.externals]);
  for (const [path, tags] of scan.urlTags)
    if (!supportArea(path)) fileTags.set(path, [...(fileTags.get(path) ?? []), ...tags]);
  const manifests = (await readManifestDependencies(index)).filter(
    (dependency) => !supportArea(dependency.path),
  );
  const detected = detectExternals(fileTags, manifests);
  const externals = {
    ...detected,
    systems: detected.systems.filter((use) => !buildsSystem(use.rule.id, index.files)),
  };
  const { shown, omitted } = pickSystems(externals.systems, maxNodes);

  const { components, merged } = buildComponents(
    facts.map((f) => ({ path: f.path, weight: (lines?.(f.path) ?? 0) + 1 })),
    workspaces,
    Math.max(1, maxNodes - shown.length),
  );
  const targets = new Map([...scan.imports].map(([path, imports]) => [path, imports.targets]));
  const typeOnly = new Map(
    [...scan.imports].map(([path, imports]) => [path, new Set(imports.typeOnly)]),
  );
  const notAtLoad = new Map(
    [...scan.imports].map(([path, imports]) => [path, outOfLoadOrder(path, imports)]),
  );
  const assembled = assemble({
    components,
    facts: factByPath,
    lines,
    targets,
    typeOnly,
    notAtLoad,
    systems: shown,
    frameworks: externals.frameworks,
  });

  let importsFound = 0;
  for (const imports of scan.imports.values()) importsFound += imports.found;
  return {
    commit: snapshot.commit,
    maxNodes,
    codeLinesSource,
    nodes: assembled.nodes,
    edges: assembled.edges,
    subgraphs: assembled.subgraphs,
    cycles: assembled.cycles,
    stats: {
      filesTotal: index.files.length,
      componentFiles: facts.length,
      filesScanned: scan.filesScanned,
      filesSkippedTooLarge: scan.skippedTooLarge,
      filesSkippedOverLimit: scan.skippedOverLimit,
      maxBytesPerFile,
      maxFilesScanned,
      truncated: scan.skippedTooLarge + scan.skippedOverLimit > 0,
      importsFound,
      fileEdges: assembled.fileEdges,
      componentsMerged: merged,
      externalSystemsOmitted: omitted,
    },
  };
}

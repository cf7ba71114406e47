import { z } from 'zod';

/**
 * The technical (architecture) diagram of a repository: components built from a file-level import
 * graph, and the external systems they talk to. Everything here is deterministic: the same tree
 * gives byte-identical JSON. The Mermaid text is written from it by `diagramMermaid`
 * (./diagram-mermaid.ts) in the reader's language, so no stored text is in one language.
 */

/** What a component is for, guessed from its paths and contents (docs/analysis/diagram.md). */
export const DiagramRoleSchema = z.enum([
  'entry-point',
  'web-ui',
  'api',
  'data',
  'tests',
  'infra',
  'docs',
  'library',
  'tooling',
]);
export type DiagramRole = z.infer<typeof DiagramRoleSchema>;

/**
 * How a component was formed: a workspace package, a folder, the files directly inside a folder
 * whose subfolders are components of their own, or what was left over once the node budget ran out.
 */
export const DiagramComponentKindSchema = z.enum(['package', 'folder', 'files', 'other']);
export type DiagramComponentKind = z.infer<typeof DiagramComponentKindSchema>;

export const ExternalSystemCategorySchema = z.enum([
  'database',
  'cache',
  'queue',
  'search',
  'storage',
  'cloud',
  'api',
  'ai',
  'payments',
  'email',
  'monitoring',
]);
export type ExternalSystemCategory = z.infer<typeof ExternalSystemCategorySchema>;

export const DiagramLanguageShareSchema = z.object({
  language: z.string(),
  files: z.number().int().nonnegative(),
  codeLines: z.number().int().nonnegative().nullable(),
});
export type DiagramLanguageShare = z.infer<typeof DiagramLanguageShareSchema>;

export const DiagramComponentNodeSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]+$/),
  kind: z.literal('component'),
  /**
   * The component's name, plain text (not escaped); null for the leftover component (`other`) and
   * the root's own files, which the reader's language names (see `componentName`).
   */
  label: z.string().nullable(),
  /** Folder path relative to the repository root ('' for the root); '' also for `other`. */
  path: z.string(),
  componentKind: DiagramComponentKindSchema,
  /** The workspace package's own name (package.json `name`, crate name, ...), when it is one. */
  packageName: z.string().nullable(),
  /** First path segment; null for components at the root. */
  area: z.string().nullable(),
  role: DiagramRoleSchema,
  /** Primary language by code lines (by files when lines are unknown). */
  language: z.string().nullable(),
  languages: z.array(DiagramLanguageShareSchema),
  files: z.number().int().nonnegative(),
  codeLines: z.number().int().nonnegative().nullable(),
  /** HTTP and UI frameworks this component uses (annotations, not nodes). */
  frameworks: z.array(z.string()),
  inCycle: z.boolean(),
});
export type DiagramComponentNode = z.infer<typeof DiagramComponentNodeSchema>;

export const ExternalEvidenceSchema = z.object({
  source: z.enum(['import', 'manifest', 'connection-string', 'schema']),
  /** The package, module or URL scheme that matched the rule. */
  value: z.string(),
  path: z.string(),
});
export type ExternalEvidence = z.infer<typeof ExternalEvidenceSchema>;

export const DiagramExternalNodeSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]+$/),
  kind: z.literal('external'),
  label: z.string(),
  /** Rule id, e.g. "postgresql", "redis", "aws". */
  system: z.string(),
  category: ExternalSystemCategorySchema,
  /** A few pieces of evidence, sorted; `evidenceCount` says how many there were in all. */
  evidence: z.array(ExternalEvidenceSchema),
  evidenceCount: z.number().int().nonnegative(),
});
export type DiagramExternalNode = z.infer<typeof DiagramExternalNodeSchema>;

export const DiagramNodeSchema = z.discriminatedUnion('kind', [
  DiagramComponentNodeSchema,
  DiagramExternalNodeSchema,
]);
export type DiagramNode = z.infer<typeof DiagramNodeSchema>;

export const DiagramEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** `imports`: component to component; `uses`: component to external system. */
  kind: z.enum(['imports', 'uses']),
  /** Distinct (importing file, imported file) pairs; for `uses`, files that use the system (min 1). */
  weight: z.number().int().positive(),
  /**
   * Every import behind this edge is type-only (`import type`, Python's `if TYPE_CHECKING:`): no
   * run-time dependency, so it never makes a cycle. Absent (read as false) in results of engines
   * before 1.5.0.
   */
  typeOnly: z.boolean().optional(),
  /** A run-time edge whose ends are in the same strongly connected component of the run-time graph. */
  inCycle: z.boolean(),
});
export type DiagramEdge = z.infer<typeof DiagramEdgeSchema>;

export const DiagramSubgraphSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]+$/),
  /** The area's folder; null for the group of external systems (see `subgraphName`). */
  label: z.string().nullable(),
  nodeIds: z.array(z.string()),
});
export type DiagramSubgraph = z.infer<typeof DiagramSubgraphSchema>;

export const DiagramStatsSchema = z.object({
  /** Files in the tree. */
  filesTotal: z.number().int().nonnegative(),
  /** Source files placed in components (vendored, generated, docs and data left out). */
  componentFiles: z.number().int().nonnegative(),
  /** Source files whose imports were read. */
  filesScanned: z.number().int().nonnegative(),
  /** Source files not read because they are over `maxBytesPerFile` or not text. */
  filesSkippedTooLarge: z.number().int().nonnegative(),
  /** Source files not read because `maxFilesScanned` was reached. */
  filesSkippedOverLimit: z.number().int().nonnegative(),
  maxBytesPerFile: z.number().int().positive(),
  maxFilesScanned: z.number().int().positive(),
  /** True when any file went unread, so edges may be missing. */
  truncated: z.boolean(),
  /** Import statements (and qualified references) read in scanned files. */
  importsFound: z.number().int().nonnegative(),
  /** Distinct (importing file, imported file) pairs inside the repository. */
  fileEdges: z.number().int().nonnegative(),
  /** Components merged away to respect `maxNodes`. */
  componentsMerged: z.number().int().nonnegative(),
  /** External systems detected but not drawn (the node budget gives them a third at most). */
  externalSystemsOmitted: z.array(z.string()),
});
export type DiagramStats = z.infer<typeof DiagramStatsSchema>;

export const TechnicalDiagramSchema = z.object({
  commit: z.string(),
  maxNodes: z.number().int().positive(),
  /** Where component code lines came from: the structure analysis, a rough count here, or nowhere. */
  codeLinesSource: z.enum(['file-stats', 'estimate']).nullable(),
  nodes: z.array(DiagramNodeSchema),
  edges: z.array(DiagramEdgeSchema),
  subgraphs: z.array(DiagramSubgraphSchema),
  /** Strongly connected components (2+ nodes) of the component graph, as node ids. */
  cycles: z.array(z.array(z.string())),
  stats: DiagramStatsSchema,
});
export type TechnicalDiagram = z.infer<typeof TechnicalDiagramSchema>;

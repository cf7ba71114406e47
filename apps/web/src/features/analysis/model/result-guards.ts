import type { AnalysisView, ResultOf } from '../api/analysis-kinds';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const has = (value: unknown, ...keys: string[]) =>
  isRecord(value) && keys.every((key) => key in value);
const arrays = (value: unknown, ...keys: string[]) =>
  isRecord(value) && keys.every((key) => Array.isArray(value[key]));

/**
 * Whether a stored result has the shape this web draws: the fields every view reads first. A full
 * schema check would need the analysis contracts' zod schemas on every page (the sign-in page too,
 * since pages share zod); results come from this server's own engine, so a shape check is enough
 * to catch a result of another kind or of a much older engine.
 */
const guards: { [K in AnalysisView]: (value: unknown) => boolean } = {
  branches: (value) =>
    arrays(value, 'branches', 'ignoredRefs') &&
    has(
      (value as Record<string, unknown>).summary,
      'byStatus',
      'stalest',
      'mostDiverged',
      'mergedNotDeleted',
    ),
  readme: (value) =>
    has(value, 'readme', 'communityFiles', 'content') &&
    arrays((value as Record<string, unknown>).readme, 'checks', 'notices', 'outline') &&
    arrays((value as Record<string, unknown>).communityFiles, 'files'),
  structure: (value) =>
    has(value, 'structure', 'composition') &&
    arrays(
      (value as Record<string, unknown>).structure,
      'languages',
      'directories',
      'largestFiles',
    ) &&
    has(
      (value as Record<string, Record<string, unknown>>).structure!,
      'totals',
      'categories',
      'limits',
    ) &&
    arrays(
      (value as Record<string, unknown>).composition,
      'manifests',
      'frameworks',
      'entryPoints',
      'docs',
    ),
  diagram: (value) =>
    // The Mermaid text is written here from nodes and edges (older results also stored one).
    arrays(value, 'nodes', 'edges', 'subgraphs', 'cycles') && has(value, 'stats'),
};

export function isResultOf<K extends AnalysisView>(kind: K, value: unknown): value is ResultOf<K> {
  return guards[kind](value);
}

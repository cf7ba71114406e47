import { supportArea } from '../facts/support-areas.js';
import type { ResolvedImports } from './languages/index.js';

/** Data files: they import nothing, so a loop through one is only the grouping of components. */
const DATA_FILE = /\.(?:json|jsonc|json5|ya?ml|toml)$/i;

/**
 * The targets of one file's imports that can never close a dependency cycle
 * (docs/analysis/diagram.md, "Cycles"): type-only, deferred and unordered imports (the language's
 * own rule), data files, and any import from or to tests, examples, docs or tooling: a test
 * importing the product it tests, or a build script reading the sources, is no coupling of the
 * product to break.
 */
export function outOfLoadOrder(path: string, imports: ResolvedImports): Set<string> {
  const out = new Set([...imports.typeOnly, ...imports.deferred, ...(imports.unordered ?? [])]);
  const fromSupport = supportArea(path) !== null;
  for (const target of imports.targets)
    if (fromSupport || supportArea(target) !== null || DATA_FILE.test(target)) out.add(target);
  return out;
}

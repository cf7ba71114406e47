import type { ExternalEvidence } from '@rota/contracts';
import { compareStrings } from '../../facts/paths.js';
import type { ManifestDependency } from './manifests.js';
import { createMatcher } from './match.js';
import { SYSTEM_RULES, type FrameworkRule, type SystemRule } from './rules.js';

export interface SystemUse {
  rule: SystemRule;
  /** Files whose imports or connection strings name the system. */
  files: Set<string>;
  /** Manifests (package.json, go.mod, ...) that depend on it. */
  manifests: Set<string>;
  evidence: ExternalEvidence[];
}

export interface FrameworkUse {
  rule: FrameworkRule;
  files: Set<string>;
  manifests: Set<string>;
}

export interface Externals {
  /** In rule-table order. */
  systems: SystemUse[];
  frameworks: FrameworkUse[];
}

function sourceOf(tag: string, fromManifest: boolean): ExternalEvidence['source'] {
  if (tag.startsWith('url:')) return 'connection-string';
  if (tag.startsWith('prisma:')) return 'schema';
  return fromManifest ? 'manifest' : 'import';
}

/**
 * Applies the rule tables to every file's unresolved imports and every manifest dependency. A
 * system needs evidence of a client or driver: imports of its data-format libraries (`formats`)
 * count for nothing.
 */
export function detectExternals(
  fileTags: ReadonlyMap<string, readonly string[]>,
  manifests: readonly ManifestDependency[],
): Externals {
  const match = createMatcher();
  const systems = new Map<string, SystemUse>();
  const frameworks = new Map<string, FrameworkUse>();
  /** Systems some file only encodes the data format of. */
  const formatOnly = new Set<string>();
  const record = (tag: string, path: string, fromManifest: boolean) => {
    const { system, framework, format } = match(tag);
    if (format && !fromManifest) formatOnly.add(format.id);
    if (system) {
      let use = systems.get(system.id);
      if (!use)
        systems.set(
          system.id,
          (use = { rule: system, files: new Set(), manifests: new Set(), evidence: [] }),
        );
      (fromManifest ? use.manifests : use.files).add(path);
      use.evidence.push({
        source: sourceOf(tag, fromManifest),
        value: tag.slice(tag.indexOf(':') + 1),
        path,
      });
    }
    if (framework) {
      let use = frameworks.get(framework.id);
      if (!use)
        frameworks.set(
          framework.id,
          (use = { rule: framework, files: new Set(), manifests: new Set() }),
        );
      (fromManifest ? use.manifests : use.files).add(path);
    }
  };
  for (const [path, tags] of fileTags) for (const tag of tags) record(tag, path, false);
  for (const dep of manifests) record(dep.tag, dep.path, true);
  // A dependency on a driver's module that the code only uses for its data format (gin's go.mod
  // names mongo-driver for its bson package) is no evidence of the system.
  for (const id of formatOnly) if (systems.get(id)?.files.size === 0) systems.delete(id);
  const order = new Map(SYSTEM_RULES.map((rule, k) => [rule.id, k]));
  for (const use of systems.values()) {
    use.evidence.sort(
      (a, b) =>
        compareStrings(a.path, b.path) ||
        compareStrings(a.source, b.source) ||
        compareStrings(a.value, b.value),
    );
  }
  return {
    systems: [...systems.values()].sort((a, b) => order.get(a.rule.id)! - order.get(b.rule.id)!),
    frameworks: [...frameworks.values()].sort((a, b) => compareStrings(a.rule.id, b.rule.id)),
  };
}

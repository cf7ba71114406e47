import { FrameworkCategorySchema, type Framework, type FrameworkCategory } from '@rota/contracts';
import { FRAMEWORK_RULES, type FrameworkRule, type MatcherKey } from './knowledge.js';
import { basename, compareByDepth } from '../facts/paths.js';

/** A name a manifest (or the tree) mentions, in one namespace of the knowledge table. */
export interface Mention {
  key: MatcherKey;
  name: string;
  version?: string | null;
}

/** A mention and the path it was found in. */
export interface Evidence extends Mention {
  path: string;
}

interface CompiledKey {
  exact: Map<string, FrameworkRule[]>;
  patterns: Array<{ test: RegExp; rule: FrameworkRule; onPath: boolean }>;
}

/** Compares names as package registries do: case-insensitively, Python names PEP 503-normalised. */
export function normaliseName(key: MatcherKey, name: string): string {
  const lower = name.trim().toLowerCase();
  return key === 'pypi' ? lower.replace(/[-_.]+/g, '-') : lower;
}

function compile(rules: FrameworkRule[]): Map<MatcherKey, CompiledKey> {
  const compiled = new Map<MatcherKey, CompiledKey>();
  for (const rule of rules) {
    for (const [key, names] of Object.entries(rule.match) as Array<[MatcherKey, string]>) {
      let entry = compiled.get(key);
      if (!entry) compiled.set(key, (entry = { exact: new Map(), patterns: [] }));
      for (const raw of names.split(/\s+/).filter(Boolean)) {
        const name = key === 'file' ? raw : normaliseName(key, raw);
        if (!name.includes('*') && key !== 'file') {
          entry.exact.set(name, [...(entry.exact.get(name) ?? []), rule]);
          continue;
        }
        // In file globs `*` stays inside one path segment; elsewhere it spans anything.
        const any = key === 'file' ? '[^/]*' : '.*';
        const source = name.split('*').map(escapeRegExp).join(any);
        const onPath = key === 'file' && name.includes('/');
        entry.patterns.push({
          test: new RegExp(`^${onPath ? '(?:.*/)?' : ''}${source}$`, key === 'file' ? '' : 'i'),
          rule,
          onPath,
        });
      }
    }
  }
  return compiled;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

const COMPILED = compile(FRAMEWORK_RULES);

/** The rules a mention matches (a name can mean several things: `rails` is Rails and Active Record). */
export function rulesFor(mention: Mention): FrameworkRule[] {
  const entry = COMPILED.get(mention.key);
  if (!entry) return [];
  const name = mention.key === 'file' ? mention.name : normaliseName(mention.key, mention.name);
  const found = new Set(entry.exact.get(name) ?? []);
  const fileName = basename(name);
  for (const pattern of entry.patterns)
    if (pattern.test.test(pattern.onPath || mention.key !== 'file' ? name : fileName))
      found.add(pattern.rule);
  return [...found];
}

/** Versions that say where a package comes from rather than which release it is. */
function isUsableVersion(version: string | null | undefined): version is string {
  return (
    !!version &&
    version !== '*' &&
    !/^(workspace|catalog|file|link|portal|git|github):/.test(version)
  );
}

/**
 * Where a framework's version may come from. A server's version is its image tag: the `pg` client's
 * 8.x is not PostgreSQL 8. A cloud SDK's version says nothing about the cloud. Other categories take
 * the version of the package that matched.
 */
const VERSION_SOURCES: Partial<Record<FrameworkCategory, MatcherKey[]>> = {
  database: ['image'],
  cache: ['image'],
  messaging: ['image'],
  search: ['image'],
  cloud: [],
};

function versionSource(rule: FrameworkRule, key: MatcherKey): boolean {
  return VERSION_SOURCES[rule.category]?.includes(key) ?? true;
}

const CATEGORY_ORDER = new Map(FrameworkCategorySchema.options.map((category, i) => [category, i]));

/**
 * The de-duplicated framework list: one entry per rule matched by any evidence, with every path
 * that named it and the version declared closest to the root.
 */
export function summariseFrameworks(evidence: Evidence[]): Framework[] {
  const byRule = new Map<
    FrameworkRule,
    { paths: Set<string>; versions: Array<[string, string]> }
  >();
  for (const item of evidence) {
    for (const rule of rulesFor(item)) {
      let entry = byRule.get(rule);
      if (!entry) byRule.set(rule, (entry = { paths: new Set(), versions: [] }));
      entry.paths.add(item.path);
      if (isUsableVersion(item.version) && versionSource(rule, item.key))
        entry.versions.push([item.path, item.version]);
    }
  }
  const frameworks: Framework[] = [...byRule].map(([rule, { paths, versions }]) => {
    versions.sort((a, b) => compareByDepth(a[0], b[0]));
    return {
      name: rule.name,
      category: rule.category,
      evidence: [...paths].sort(compareByDepth),
      version: versions[0]?.[1] ?? null,
    };
  });
  return frameworks.sort(
    (a, b) =>
      CATEGORY_ORDER.get(a.category)! - CATEGORY_ORDER.get(b.category)! ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

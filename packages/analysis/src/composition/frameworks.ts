import { FRAMEWORK_CATEGORIES, type Framework, type FrameworkCategory } from '@rota/contracts';
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
  patterns: Array<{ test: RegExp; rule: FrameworkRule }>;
}

/**
 * File names are matched against every path of the tree, so they are indexed rather than each
 * tried as a regexp (on prettier's 9,347 paths that was a third of the composition's time): a
 * plain name by a map lookup on the path's base name, a plain path by its ending, and a glob only
 * when the base name starts with the glob's text before its first `*`. `order` is the order the
 * names are declared in, which the matched rules keep.
 */
interface CompiledFiles {
  names: number;
  byName: Map<string, Array<{ order: number; rule: FrameworkRule }>>;
  /** `suffix`: the path after a slash, as it ends a deeper path. */
  byPath: Array<{ order: number; rule: FrameworkRule; path: string; suffix: string }>;
  globs: Array<{
    order: number;
    rule: FrameworkRule;
    test: RegExp;
    onPath: boolean;
    prefix: string;
  }>;
}

/** Compares names as package registries do: case-insensitively, Python names PEP 503-normalised. */
export function normaliseName(key: MatcherKey, name: string): string {
  const lower = name.trim().toLowerCase();
  return key === 'pypi' ? lower.replace(/[-_.]+/g, '-') : lower;
}

function compileFile(files: CompiledFiles, name: string, rule: FrameworkRule): void {
  const order = files.names++;
  const onPath = name.includes('/');
  if (!name.includes('*')) {
    if (onPath) files.byPath.push({ order, rule, path: name, suffix: `/${name}` });
    else files.byName.set(name, [...(files.byName.get(name) ?? []), { order, rule }]);
    return;
  }
  // In file globs `*` stays inside one path segment; a glob with a folder matches at any depth.
  const source = name.split('*').map(escapeRegExp).join('[^/]*');
  files.globs.push({
    order,
    rule,
    test: new RegExp(`^${onPath ? '(?:.*/)?' : ''}${source}$`),
    onPath,
    prefix: onPath ? '' : name.slice(0, name.indexOf('*')),
  });
}

function compile(rules: FrameworkRule[]): {
  keys: Map<MatcherKey, CompiledKey>;
  files: CompiledFiles;
} {
  const keys = new Map<MatcherKey, CompiledKey>();
  const files: CompiledFiles = { names: 0, byName: new Map(), byPath: [], globs: [] };
  for (const rule of rules) {
    for (const [key, names] of Object.entries(rule.match) as Array<[MatcherKey, string]>) {
      for (const raw of names.split(/\s+/).filter(Boolean)) {
        if (key === 'file') {
          compileFile(files, raw, rule);
          continue;
        }
        let entry = keys.get(key);
        if (!entry) keys.set(key, (entry = { exact: new Map(), patterns: [] }));
        const name = normaliseName(key, raw);
        if (!name.includes('*')) {
          entry.exact.set(name, [...(entry.exact.get(name) ?? []), rule]);
          continue;
        }
        // Outside file names `*` spans anything.
        const source = name.split('*').map(escapeRegExp).join('.*');
        entry.patterns.push({ test: new RegExp(`^${source}$`, 'i'), rule });
      }
    }
  }
  return { keys, files };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}

const COMPILED = compile(FRAMEWORK_RULES);

function rulesForFile(path: string): FrameworkRule[] {
  const { byName, byPath, globs } = COMPILED.files;
  const fileName = basename(path);
  const matched: Array<{ order: number; rule: FrameworkRule }> = [...(byName.get(fileName) ?? [])];
  for (const item of byPath)
    if (path === item.path || path.endsWith(item.suffix)) matched.push(item);
  for (const glob of globs)
    if (fileName.startsWith(glob.prefix) && glob.test.test(glob.onPath ? path : fileName))
      matched.push(glob);
  if (!matched.length) return [];
  if (matched.length > 1) matched.sort((a, b) => a.order - b.order);
  return [...new Set(matched.map((item) => item.rule))];
}

/** The rules a mention matches (a name can mean several things: `rails` is Rails and Active Record). */
export function rulesFor(mention: Mention): FrameworkRule[] {
  if (mention.key === 'file') return rulesForFile(mention.name);
  const entry = COMPILED.keys.get(mention.key);
  if (!entry) return [];
  const name = normaliseName(mention.key, mention.name);
  const found = new Set(entry.exact.get(name) ?? []);
  for (const pattern of entry.patterns) if (pattern.test.test(name)) found.add(pattern.rule);
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

const CATEGORY_ORDER = new Map(FRAMEWORK_CATEGORIES.map((category, i) => [category, i]));

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

import { isRecord } from '../scan/jsonc.js';
import {
  ancestors,
  basename,
  compareStrings,
  dirname,
  extname,
  joinPath,
} from '../../facts/paths.js';
import { type RepoIndex } from '../scan/repo-index.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import type { SessionContext } from './types.js';

/**
 * Resolves a JS/TS import specifier to a file of the tree the way TypeScript and Node would:
 * relative paths with extension and index probing (`./x.js` finds `x.ts`), tsconfig/jsconfig
 * `paths` + `baseUrl` (with `extends`), package.json `imports` (`#x`), and workspace packages by name
 * through `exports`/`main` (built `dist/` targets mapped back to `src/`). Everything is read up
 * front so resolving is synchronous.
 */
export type JsResolve = (from: string, spec: string) => string | null;

const TS_FOR_JS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.d.ts'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts', '.d.mts'],
  '.cjs': ['.cts', '.d.cts'],
};
const EXTENSIONS = [
  '.ts',
  '.tsx',
  '.d.ts',
  '.js',
  '.jsx',
  '.mjs',
  '.cjs',
  '.mts',
  '.cts',
  '.vue',
  '.svelte',
  '.json',
];
const CONDITIONS = ['source', 'types', 'import', 'module', 'default', 'require', 'node', 'browser'];
const CONFIG_NAME = /^[tj]sconfig(?:\.[^/]*)?\.json$/;
const MAX_PACKAGE_JSONS = 2000;

interface PathsConfig {
  baseUrl: string | null;
  /** Directory `paths` targets are relative to (baseUrl if set, else the defining config's dir). */
  pathsBase: string | null;
  paths: Array<[string, string[]]>;
}

export async function createJsResolver({ index, workspaces }: SessionContext): Promise<JsResolve> {
  const packageJsons = new Map<string, Record<string, unknown>>();
  for (const path of index.files
    .filter((p) => basename(p) === 'package.json' && !isThirdPartyPath(p))
    .slice(0, MAX_PACKAGE_JSONS)) {
    const json = await index.readJson(path);
    if (isRecord(json)) packageJsons.set(dirname(path), json);
  }
  const packagesByName = new Map<string, string>();
  for (const pkg of workspaces) if (pkg.ecosystem === 'npm') packagesByName.set(pkg.name, pkg.dir);

  const fileLike = (base: string | null): string | null => {
    if (base === null) return null;
    const ext = extname(base);
    for (const alt of TS_FOR_JS[ext] ?? []) {
      const candidate = base.slice(0, -ext.length) + alt;
      if (index.has(candidate)) return candidate;
    }
    if (base && index.has(base)) return base;
    const prefix = base ? base + '/' : '';
    for (const e of EXTENSIONS) if (base && index.has(base + e)) return base + e;
    for (const e of EXTENSIONS) if (index.has(prefix + 'index' + e)) return prefix + 'index' + e;
    return null;
  };

  /** A target named by a manifest, or the same path with a build folder mapped back to src/. */
  const packageTarget = (dir: string, target: string): string | null => {
    const direct = fileLike(joinPath(dir, target));
    if (direct) return direct;
    const source = target
      .replace(/^(?:\.\/)?(?:dist|lib|build|out|esm|cjs|es|types)\//, 'src/')
      .replace(/(?:\.d)?\.[cm]?[jt]s$/, '');
    return source === target ? null : fileLike(joinPath(dir, source));
  };

  const configs = await loadPathsConfigs(index, packagesByName);
  /** The folder whose configs apply to files in `dir` ('' key when none), memoised per folder. */
  const configDirs = new Map<string, string | null>();
  const configDirFor = (dir: string): string | null => {
    let found = configDirs.get(dir);
    if (found === undefined) {
      found = ancestors(dir).find((d) => configs.has(d)) ?? null;
      configDirs.set(dir, found);
    }
    return found;
  };
  const configFor = (from: string): PathsConfig[] => {
    const dir = configDirFor(dirname(from));
    return dir === null ? [] : (configs.get(dir) ?? []);
  };

  const viaPaths = (from: string, spec: string): string | null => {
    for (const config of configFor(from)) {
      const base = config.pathsBase;
      if (base !== null) {
        for (const [pattern, targets] of rankPatterns(config.paths, spec)) {
          for (const target of targets) {
            const hit = fileLike(joinPath(base, target.replace('*', pattern)));
            if (hit) return hit;
          }
        }
      }
      if (config.baseUrl !== null) {
        const hit = fileLike(joinPath(config.baseUrl, spec));
        if (hit) return hit;
      }
    }
    return null;
  };

  const viaWorkspace = (spec: string): string | null => {
    const parts = spec.split('/');
    const nameLength = spec.startsWith('@') ? 2 : 1;
    const dir = packagesByName.get(parts.slice(0, nameLength).join('/'));
    if (dir === undefined) return null;
    const subpath = parts.slice(nameLength).join('/');
    const json = packageJsons.get(dir) ?? {};
    const candidates =
      json.exports !== undefined
        ? exportCandidates(json.exports, subpath ? `./${subpath}` : '.')
        : subpath
          ? [subpath, `src/${subpath}`]
          : [
              json.source,
              json.module,
              json.main,
              json.types,
              json.typings,
              'src/index',
              'index',
            ].filter((t): t is string => typeof t === 'string');
    for (const target of candidates) {
      const hit = packageTarget(dir, target);
      if (hit) return hit;
    }
    // The package is ours even when its entry file is not in the tree (built output): the edge
    // still belongs to that package, so it lands on its manifest.
    const manifest = joinPath(dir, 'package.json')!;
    return index.has(manifest) ? manifest : null;
  };

  const viaSubpathImports = (from: string, spec: string): string | null => {
    for (const dir of ancestors(dirname(from))) {
      const json = packageJsons.get(dir);
      if (!json) continue;
      for (const target of exportCandidates(json.imports, spec)) {
        const hit = packageTarget(dir, target);
        if (hit) return hit;
      }
      return null;
    }
    return null;
  };

  const resolveUncached = (from: string, rawSpec: string): string | null => {
    const spec = rawSpec.replace(/\?.*$/, '');
    if (!spec || spec.includes('${')) return null;
    if (spec === '.' || spec === '..' || spec.startsWith('./') || spec.startsWith('../')) {
      return fileLike(joinPath(dirname(from), spec));
    }
    if (spec.startsWith('#')) return viaSubpathImports(from, spec);
    if (spec.startsWith('/') || /^[a-z][\w+.-]*:/i.test(spec)) return null;
    return viaPaths(from, spec) ?? viaWorkspace(spec);
  };
  // Relative and `#` specifiers depend on the importing folder; bare ones only on which config
  // applies there, so many folders share one cache entry per package name.
  const cache = new Map<string, string | null>();
  return (from, spec) => {
    const dir = dirname(from);
    const scope =
      spec.startsWith('.') || spec.startsWith('#') ? `d:${dir}` : `c:${configDirFor(dir) ?? ''}`;
    const key = `${scope}\0${spec}`;
    let hit = cache.get(key);
    if (hit === undefined) cache.set(key, (hit = resolveUncached(from, spec)));
    return hit;
  };
}

/** `paths` entries that match `spec`, best first (exact, then longest prefix), with the `*` capture. */
function rankPatterns(paths: Array<[string, string[]]>, spec: string): Array<[string, string[]]> {
  const hits: Array<[number, string, string[]]> = [];
  for (const [key, targets] of paths) {
    const star = key.indexOf('*');
    if (star < 0) {
      if (key === spec) hits.push([Infinity, '', targets]);
      continue;
    }
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (
      spec.length >= prefix.length + suffix.length &&
      spec.startsWith(prefix) &&
      spec.endsWith(suffix)
    ) {
      hits.push([prefix.length, spec.slice(prefix.length, spec.length - suffix.length), targets]);
    }
  }
  return hits.sort((a, b) => b[0] - a[0]).map(([, capture, targets]) => [capture, targets]);
}

/** Targets of a package.json `exports` or `imports` field for `subpath`, in condition order. */
export function exportCandidates(field: unknown, subpath: string): string[] {
  if (field === undefined || field === null) return [];
  if (typeof field === 'string' || Array.isArray(field))
    return subpath === '.' ? conditionTargets(field) : [];
  if (!isRecord(field)) return [];
  const keys = Object.keys(field);
  if (!keys.some((k) => k.startsWith('.') || k.startsWith('#')))
    return subpath === '.' ? conditionTargets(field) : [];
  if (subpath in field) return conditionTargets(field[subpath]);
  let best: { prefix: string; capture: string; value: unknown } | null = null;
  for (const key of keys) {
    const star = key.indexOf('*');
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (
      subpath.startsWith(prefix) &&
      subpath.endsWith(suffix) &&
      subpath.length >= prefix.length + suffix.length
    ) {
      if (!best || prefix.length > best.prefix.length) {
        best = {
          prefix,
          capture: subpath.slice(prefix.length, subpath.length - suffix.length),
          value: field[key],
        };
      }
    }
  }
  return best ? conditionTargets(best.value).map((t) => t.replaceAll('*', best.capture)) : [];
}

function conditionTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (!isRecord(value)) return [];
  const keys = Object.keys(value);
  const ordered = [
    ...CONDITIONS.filter((k) => keys.includes(k)),
    ...keys.filter((k) => !CONDITIONS.includes(k)),
  ];
  return ordered.flatMap((k) => conditionTargets(value[k]));
}

/** Every config directory's effective `paths`/`baseUrl`, following `extends` chains. */
async function loadPathsConfigs(
  index: RepoIndex,
  packagesByName: Map<string, string>,
): Promise<Map<string, PathsConfig[]>> {
  const cache = new Map<string, Promise<PathsConfig>>();
  const load = (path: string, depth: number): Promise<PathsConfig> => {
    let pending = cache.get(path);
    if (!pending) cache.set(path, (pending = loadOne(path, depth)));
    return pending;
  };
  const loadOne = async (path: string, depth: number): Promise<PathsConfig> => {
    const json = await index.readJson(path);
    const empty: PathsConfig = { baseUrl: null, pathsBase: null, paths: [] };
    if (!isRecord(json) || depth > 8) return empty;
    let parent = empty;
    const ext = json.extends;
    for (const target of (Array.isArray(ext) ? ext : [ext]).filter(
      (e): e is string => typeof e === 'string',
    )) {
      const file = extendsFile(index, packagesByName, dirname(path), target);
      if (file && file !== path) parent = mergeConfigs(parent, await load(file, depth + 1));
    }
    const options = isRecord(json.compilerOptions) ? json.compilerOptions : {};
    const baseUrl =
      typeof options.baseUrl === 'string'
        ? joinPath(dirname(path), options.baseUrl)
        : parent.baseUrl;
    const ownPaths = isRecord(options.paths) ? Object.entries(options.paths) : null;
    if (ownPaths) {
      const paths = ownPaths.map(([k, v]): [string, string[]] => [
        k,
        Array.isArray(v) ? v.filter((t) => typeof t === 'string') : [],
      ]);
      return { baseUrl, pathsBase: baseUrl ?? dirname(path), paths };
    }
    return { baseUrl, pathsBase: baseUrl ?? parent.pathsBase, paths: parent.paths };
  };

  const byDir = new Map<string, string[]>();
  for (const path of index.files) {
    if (!CONFIG_NAME.test(basename(path)) || isThirdPartyPath(path)) continue;
    const list = byDir.get(dirname(path)) ?? [];
    list.push(path);
    byDir.set(dirname(path), list);
  }
  const out = new Map<string, PathsConfig[]>();
  for (const [dir, files] of byDir) {
    // tsconfig.json/jsconfig.json first; solution-style siblings (tsconfig.app.json) after, so a
    // Vite project whose paths live in tsconfig.app.json still resolves its aliases.
    const ordered = files.sort((a, b) => rank(a) - rank(b) || compareStrings(a, b));
    out.set(dir, await Promise.all(ordered.map((file) => load(file, 0))));
  }
  return out;
}

function rank(path: string): number {
  const name = basename(path);
  return name === 'tsconfig.json' ? 0 : name === 'jsconfig.json' ? 1 : 2;
}

function mergeConfigs(base: PathsConfig, next: PathsConfig): PathsConfig {
  return {
    baseUrl: next.baseUrl ?? base.baseUrl,
    pathsBase: next.paths.length ? next.pathsBase : base.pathsBase,
    paths: next.paths.length ? next.paths : base.paths,
  };
}

function extendsFile(
  index: RepoIndex,
  packagesByName: Map<string, string>,
  dir: string,
  target: string,
): string | null {
  const withJson = (p: string | null) =>
    p === null ? null : index.has(p) ? p : index.has(p + '.json') ? p + '.json' : null;
  if (target.startsWith('.')) return withJson(joinPath(dir, target));
  const parts = target.split('/');
  const nameLength = target.startsWith('@') ? 2 : 1;
  const pkgDir = packagesByName.get(parts.slice(0, nameLength).join('/'));
  if (pkgDir === undefined) return null;
  const rest = parts.slice(nameLength).join('/');
  return withJson(joinPath(pkgDir, rest || 'tsconfig.json'));
}

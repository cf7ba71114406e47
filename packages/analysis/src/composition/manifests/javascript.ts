import type { DependencyScope, ManifestDependency } from '@rota/contracts';
import { ParseFailure } from '../parsers/parse-failure.js';
import { isYamlMap, parseYaml } from '../parsers/yaml.js';
import {
  dependency,
  record,
  requireObject,
  strings,
  text,
  type EntryPointDeclaration,
  type ManifestReader,
} from './types.js';

/** JSON.parse behind a typed failure: a broken package.json is a parse error, not a crash. */
export function parseJson(source: string): unknown {
  try {
    return JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ParseFailure(error instanceof Error ? error.message : 'invalid JSON');
  }
}

const DEPENDENCY_FIELDS: Array<[string, DependencyScope]> = [
  ['dependencies', 'runtime'],
  ['devDependencies', 'dev'],
  ['peerDependencies', 'peer'],
  ['optionalDependencies', 'optional'],
];

export function dependencyTable(
  value: unknown,
  scope: DependencyScope,
  version: (spec: unknown) => unknown = (spec) => spec,
): ManifestDependency[] {
  return Object.entries(record(value)).map(([name, spec]) =>
    dependency(name, version(spec), scope),
  );
}

/** npm's license forms: "MIT", { "type": "MIT" }, or the old `licenses` array. */
function licenseOf(json: Record<string, unknown>): string | null {
  const license = json.license;
  if (typeof license === 'string') return text(license);
  if (text(record(license).type)) return text(record(license).type);
  const types = (Array.isArray(json.licenses) ? json.licenses : [])
    .map((item) => text(record(item).type))
    .filter((type): type is string => !!type);
  return types.length ? types.join(' OR ') : null;
}

/** The file a conditional export resolves to for a typical consumer. */
function exportTarget(value: unknown, level = 0): string | null {
  if (typeof value === 'string') return value;
  if (level > 8) return null;
  if (Array.isArray(value)) return exportTarget(value[0], level + 1);
  const conditions = record(value);
  for (const key of ['import', 'require', 'node', 'default', ...Object.keys(conditions)]) {
    const target = key in conditions ? exportTarget(conditions[key], level + 1) : null;
    if (target) return target;
  }
  return null;
}

/** `exports` as a subpath map: a bare target or a conditions object is the "." export. */
function exportSubpaths(exports: unknown): Record<string, unknown> {
  if (exports === undefined || exports === null) return {};
  const map = record(exports);
  return Object.keys(map).some((key) => key.startsWith('.')) ? map : { '.': exports };
}

function entryPointsOf(json: Record<string, unknown>): EntryPointDeclaration[] {
  const points: EntryPointDeclaration[] = [];
  const add = (kind: EntryPointDeclaration['kind'], target: string | null, name: string | null) => {
    if (target) points.push({ kind, target, name, command: null });
  };
  add('package-main', text(json.main), null);
  add('package-module', text(json.module), null);
  const packageName = text(json.name);
  if (typeof json.bin === 'string')
    add('package-bin', text(json.bin), packageName?.replace(/^@[^/]+\//, '') ?? null);
  else
    for (const [name, target] of Object.entries(record(json.bin)))
      add('package-bin', text(target), name);
  const subpaths = exportSubpaths(json.exports);
  for (const [subpath, target] of Object.entries(subpaths).slice(0, 50))
    if (subpath.startsWith('.') && !subpath.includes('*'))
      add('package-exports', exportTarget(target), subpath);
  return points;
}

export const packageJsonReader: ManifestReader = {
  kind: 'package-json',
  ecosystem: 'javascript',
  dependencyKey: 'npm',
  matches: (_path, name) => name === 'package.json',
  read(source) {
    const json = requireObject(parseJson(source), 'package.json');
    const workspaces = Array.isArray(json.workspaces)
      ? strings(json.workspaces)
      : strings(record(json.workspaces).packages);
    const runtimes = Object.entries(record(json.engines))
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([name, version]) => ({ name, version }));
    const manager = /^([a-z]+)@(.+)$/.exec(text(json.packageManager) ?? '');
    if (manager) runtimes.push({ name: manager[1]!, version: manager[2]!.split('+')[0]! });
    return {
      name: text(json.name),
      version: text(json.version),
      license: licenseOf(json),
      dependencies: DEPENDENCY_FIELDS.flatMap(([field, scope]) =>
        dependencyTable(json[field], scope),
      ),
      runtimes,
      workspace: workspaces.length
        ? { tool: 'npm', patterns: workspaces, memberFile: 'package.json' }
        : undefined,
      entryPoints: entryPointsOf(json),
    };
  },
};

export const pnpmWorkspaceReader: ManifestReader = {
  kind: 'pnpm-workspace',
  ecosystem: 'javascript',
  dependencyKey: 'npm',
  matches: (_path, name) => name === 'pnpm-workspace.yaml' || name === 'pnpm-workspace.yml',
  read(source) {
    const document = parseYaml(source);
    if (document !== null && !isYamlMap(document)) throw new ParseFailure('not a mapping');
    const patterns = strings(record(document).packages);
    const catalog = dependencyTable(record(document).catalog, 'runtime');
    return {
      dependencies: catalog,
      workspace: { tool: 'pnpm', patterns, memberFile: 'package.json' },
    };
  },
};

export const lernaReader: ManifestReader = {
  kind: 'lerna',
  ecosystem: 'javascript',
  matches: (_path, name) => name === 'lerna.json',
  read(source) {
    const json = requireObject(parseJson(source), 'lerna.json');
    const patterns = Array.isArray(json.packages) ? strings(json.packages) : ['packages/*'];
    return {
      version: text(json.version),
      workspace: { tool: 'lerna', patterns, memberFile: 'package.json' },
    };
  },
};

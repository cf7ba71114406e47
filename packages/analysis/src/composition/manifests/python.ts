import type { DependencyScope, ManifestDependency } from '@rota/contracts';
import type { Mention } from '../frameworks.js';
import { ParseFailure } from '../parsers/parse-failure.js';
import { parseToml } from '../parsers/toml.js';
import { dependencyTable } from './javascript.js';
import {
  dependency,
  record,
  strings,
  text,
  type EntryPointDeclaration,
  type ManifestReader,
} from './types.js';

/**
 * A PEP 508 requirement ("Django[argon2]>=4.2,<5 ; python_version >= '3.10'") as name and the
 * version part as written; null when the text is no requirement at all.
 */
export function parseRequirement(spec: string, scope: DependencyScope): ManifestDependency | null {
  const match = /^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(?:\[[^\]]*\])?\s*(.*)$/.exec(
    spec,
  );
  if (!match) return null;
  const rest = match[2]!.split(';')[0]!.trim();
  if (rest && !/^[<>=!~@(]/.test(rest)) return null;
  return dependency(match[1]!, rest.replace(/^\((.*)\)$/, '$1'), scope);
}

function requirementList(value: unknown, scope: DependencyScope): ManifestDependency[] {
  return strings(value)
    .map((spec) => parseRequirement(spec, scope))
    .filter((item): item is ManifestDependency => !!item);
}

/** Poetry and Pipfile tables: `name = "^1.2"` or `name = { version = "^1.2", extras = [...] }`. */
function poetryTable(value: unknown, scope: DependencyScope): ManifestDependency[] {
  return dependencyTable(value, scope, (spec) =>
    typeof spec === 'string' ? spec : record(spec).version,
  ).filter((item) => item.name.toLowerCase() !== 'python');
}

function scriptEntries(value: unknown): EntryPointDeclaration[] {
  return Object.entries(record(value)).map(([name, command]) => ({
    kind: 'python-script' as const,
    target: null,
    name,
    command: typeof command === 'string' ? command : text(record(command).reference),
  }));
}

/** PEP 621 allows a string, `{ text = ... }` or `{ file = ... }`. */
function pyprojectLicense(value: unknown): string | null {
  return text(value) ?? text(record(value).text) ?? null;
}

export const pyprojectReader: ManifestReader = {
  kind: 'pyproject',
  ecosystem: 'python',
  dependencyKey: 'pypi',
  matches: (_path, name) => name === 'pyproject.toml',
  read(source) {
    const toml = parseToml(source);
    const project = record(toml.project);
    const tool = record(toml.tool);
    const poetry = record(tool.poetry);
    const optional = Object.values(record(project['optional-dependencies'])).flatMap((list) =>
      requirementList(list, 'optional'),
    );
    const groups = Object.values(record(toml['dependency-groups'])).flatMap((list) =>
      requirementList(list, 'dev'),
    );
    const poetryGroups = Object.values(record(poetry.group)).flatMap((group) =>
      poetryTable(record(group).dependencies, 'dev'),
    );
    const python = text(project['requires-python']) ?? text(record(poetry.dependencies).python);
    return {
      name: text(project.name) ?? text(poetry.name),
      version: text(project.version) ?? text(poetry.version),
      license: pyprojectLicense(project.license) ?? text(poetry.license),
      dependencies: [
        ...requirementList(project.dependencies, 'runtime'),
        ...optional,
        ...groups,
        ...poetryTable(poetry.dependencies, 'runtime'),
        ...poetryTable(poetry['dev-dependencies'], 'dev'),
        ...poetryGroups,
        ...requirementList(record(toml['build-system']).requires, 'build'),
      ],
      runtimes: python ? [{ name: 'python', version: python }] : [],
      // `[tool.ruff]`, `[tool.pytest.ini_options]`: configuring a tool is evidence of using it.
      mentions: Object.keys(tool).map((name): Mention => ({ key: 'pypi', name })),
      entryPoints: [
        ...scriptEntries(project.scripts),
        ...scriptEntries(project['gui-scripts']),
        ...scriptEntries(poetry.scripts),
      ],
    };
  },
};

const REQUIREMENTS_NAME = /^(?:[\w-]*[-_.])?requirements(?:[-_.][\w.-]*)?\.(?:txt|in)$/i;

export const requirementsReader: ManifestReader = {
  kind: 'requirements',
  ecosystem: 'python',
  dependencyKey: 'pypi',
  matches: (path, name) =>
    REQUIREMENTS_NAME.test(name) || /(?:^|\/)requirements\/[^/]+\.(?:txt|in)$/i.test(path),
  read(source, path) {
    // Requirements for development by the usual naming (requirements-dev.txt, requirements/test.txt).
    const scope: DependencyScope = /dev|test|lint|doc|ci/i.test(path.replace(/.*requirements/i, ''))
      ? 'dev'
      : 'runtime';
    const dependencies: ManifestDependency[] = [];
    const lines = source.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
    lines.forEach((raw, index) => {
      // Per-requirement options (--hash=..., --config-settings) say nothing about the package.
      const line = raw
        .replace(/(^|\s)#.*$/, '')
        .replace(/\s+--[\w-]+(?:[= ]\S+)?/g, '')
        .trim();
      if (!line) return;
      const egg = /#egg=([A-Za-z0-9._-]+)/.exec(raw);
      if (line.startsWith('-') || /^[a-z+]+:\/\//i.test(line)) {
        if (egg) dependencies.push(dependency(egg[1]!, null, scope));
        return;
      }
      const requirement = parseRequirement(line, scope);
      if (!requirement)
        throw new ParseFailure(`not a requirement: ${line.slice(0, 60)}`, index + 1);
      dependencies.push(requirement);
    });
    return { dependencies };
  },
};

/** setup.cfg's INI dialect: sections, `key = value`, indented continuation lines. */
export function parseIni(source: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let section: Map<string, string> | undefined;
  let lastKey: string | undefined;
  source.split(/\r?\n/).forEach((line, index) => {
    if (/^\s*[#;]/.test(line) || !line.trim()) return;
    const header = /^\[([^\]]+)\]\s*$/.exec(line);
    if (header) {
      section = new Map();
      sections.set(header[1]!.trim(), section);
      lastKey = undefined;
    } else if (/^\s/.test(line) && section && lastKey) {
      section.set(lastKey, `${section.get(lastKey)}\n${line.trim()}`);
    } else {
      const entry = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(line);
      if (!entry || !section)
        throw new ParseFailure('expected "key = value" in a section', index + 1);
      lastKey = entry[1]!;
      section.set(lastKey, entry[2]!);
    }
  });
  return sections;
}

const lines = (value: string | undefined) =>
  (value ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const setupCfgReader: ManifestReader = {
  kind: 'setup-cfg',
  ecosystem: 'python',
  dependencyKey: 'pypi',
  matches: (_path, name) => name === 'setup.cfg',
  read(source) {
    const ini = parseIni(source);
    const metadata = ini.get('metadata');
    const options = ini.get('options');
    const extras = [...(ini.get('options.extras_require')?.values() ?? [])].flatMap(lines);
    const scripts = lines(ini.get('options.entry_points')?.get('console_scripts')).map((line) => {
      const [name, command] = line.split('=').map((part) => part.trim());
      return {
        kind: 'python-script' as const,
        target: null,
        name: name ?? null,
        command: command ?? null,
      };
    });
    const python = text(options?.get('python_requires'));
    return {
      name: text(metadata?.get('name')),
      version: text(metadata?.get('version')),
      license: text(metadata?.get('license')),
      dependencies: [
        ...requirementList(lines(options?.get('install_requires')), 'runtime'),
        ...requirementList(extras, 'optional'),
      ],
      runtimes: python ? [{ name: 'python', version: python }] : [],
      // `[tool:pytest]`, `[flake8]`, `[mypy]` configure tools the project uses.
      mentions: [...ini.keys()].map((name): Mention => ({
        key: 'pypi',
        name: name.replace(/^tool:/, ''),
      })),
      entryPoints: scripts,
    };
  },
};

/** String literals inside the bracketed list that follows `keyword=` in setup.py. */
function listAfter(source: string, keyword: string): string[] {
  const start = new RegExp(`\\b${keyword}\\s*=\\s*\\[`).exec(source);
  if (!start) return [];
  const end = source.indexOf(']', start.index);
  const body = source.slice(start.index, end === -1 ? undefined : end);
  return [...body.matchAll(/(['"])(.*?)\1/g)].map((match) => match[2]!);
}

/** setup.py is a program: it is only read for its literal arguments, never run. */
export const setupPyReader: ManifestReader = {
  kind: 'setup-py',
  ecosystem: 'python',
  dependencyKey: 'pypi',
  matches: (path) => path === 'setup.py' || path.endsWith('/setup.py'),
  read(source) {
    const literal = (keyword: string) =>
      new RegExp(`\\b${keyword}\\s*=\\s*(['"])(.*?)\\1`).exec(source)?.[2] ?? null;
    const python = literal('python_requires');
    return {
      name: literal('name'),
      version: literal('version'),
      license: literal('license'),
      dependencies: requirementList(listAfter(source, 'install_requires'), 'runtime'),
      runtimes: python ? [{ name: 'python', version: python }] : [],
    };
  },
};

export const pipfileReader: ManifestReader = {
  kind: 'pipfile',
  ecosystem: 'python',
  dependencyKey: 'pypi',
  matches: (_path, name) => name === 'Pipfile',
  read(source) {
    const toml = parseToml(source);
    const python =
      text(record(toml.requires).python_version) ?? text(record(toml.requires).python_full_version);
    return {
      dependencies: [
        ...poetryTable(toml.packages, 'runtime'),
        ...poetryTable(toml['dev-packages'], 'dev'),
      ],
      runtimes: python ? [{ name: 'python', version: python }] : [],
    };
  },
};

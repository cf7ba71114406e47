import { isRecord } from '../scan/jsonc.js';
import { basename } from '../scan/paths.js';
import { isVendoredPath, type RepoIndex } from '../scan/repo-index.js';
import { tomlArray, tomlHeaders, tomlKeys, tomlSection } from '../scan/toml.js';
import { stripXmlComments } from '../workspaces.js';

/** A dependency a manifest declares, as an ecosystem tag (`npm:pg`, `pypi:psycopg`). */
export interface ManifestDependency {
  path: string;
  tag: string;
}

type Reader = (text: string, index: RepoIndex, path: string) => Promise<string[]> | string[];

/**
 * Runtime dependencies only: devDependencies, dev-dependencies, test scopes and `// indirect` Go
 * requirements say nothing about what the running system talks to.
 */
const READERS: Array<[RegExp, Reader]> = [
  [/^package\.json$/, async (_t, index, path) => npmDependencies(await index.readJson(path))],
  [
    /^requirements(?:[-_.\w]*)?\.txt$/,
    (text) => text.split(/\r?\n/).flatMap((line) => pep508(line)),
  ],
  [/^pyproject\.toml$/, (text) => pyproject(text)],
  [/^Pipfile$/, (text) => tomlKeys(tomlSection(text, 'packages') ?? '').map((n) => `pypi:${n}`)],
  [
    /^setup\.py$/,
    (text) =>
      [
        ...(/install_requires\s*=\s*\[([^\]]*)\]/.exec(text)?.[1] ?? '').matchAll(
          /["']([^"']+)["']/g,
        ),
      ].flatMap((m) => pep508(m[1]!)),
  ],
  [/^go\.mod$/, (text) => goRequires(text)],
  [/^Cargo\.toml$/, (text) => cargoDependencies(text)],
  [/^pom\.xml$/, (text) => mavenDependencies(text)],
  [
    /^build\.gradle(?:\.kts)?$/,
    (text) =>
      [
        ...text.matchAll(
          /\b(?:implementation|api|compile|runtimeOnly|compileOnly)\s*\(?\s*["']([\w.-]+):([\w.-]+)(?::[^"']*)?["']/g,
        ),
      ].map((m) => `maven:${m[1]}:${m[2]}`),
  ],
  [
    /\.(?:cs|fs|vb)proj$/,
    (text) =>
      [...stripXmlComments(text).matchAll(/<PackageReference\s+Include\s*=\s*"([^"]+)"/gi)].map(
        (m) => `dotnet:${m[1]}`,
      ),
  ],
  [/^composer\.json$/, async (_t, index, path) => composerRequires(await index.readJson(path))],
  [
    /^Gemfile$/,
    (text) => [...text.matchAll(/^\s*gem\s+["']([^"']+)["']/gm)].map((m) => `gem:${m[1]}`),
  ],
  [
    /\.prisma$/,
    (text) =>
      [...text.matchAll(/datasource\s+\w+\s*\{[^}]*?provider\s*=\s*"(\w+)"/g)].map(
        (m) => `prisma:${m[1]}`,
      ),
  ],
];

export async function readManifestDependencies(index: RepoIndex): Promise<ManifestDependency[]> {
  const out: ManifestDependency[] = [];
  for (const path of index.files) {
    if (isVendoredPath(path)) continue;
    const reader = READERS.find(([name]) => name.test(basename(path)))?.[1];
    if (!reader) continue;
    const text = await index.readManifest(path);
    if (text === null) continue;
    for (const tag of new Set(await reader(text, index, path))) out.push({ path, tag });
  }
  return out;
}

function npmDependencies(json: unknown): string[] {
  if (!isRecord(json)) return [];
  return ['dependencies', 'optionalDependencies', 'peerDependencies'].flatMap((key) => {
    const deps = json[key];
    return isRecord(deps) ? Object.keys(deps).map((name) => `npm:${name}`) : [];
  });
}

function composerRequires(json: unknown): string[] {
  if (!isRecord(json) || !isRecord(json.require)) return [];
  return Object.keys(json.require).map((name) => `composer:${name}`);
}

/** The distribution name of a PEP 508 requirement line (`psycopg[binary]>=3; python_version>'3'`). */
function pep508(line: string): string[] {
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(line.replace(/#.*/, ''));
  return m && !line.trim().startsWith('-') ? [`pypi:${m[1]}`] : [];
}

function pyproject(text: string): string[] {
  const project = tomlSection(text, 'project');
  const deps = project ? tomlArray(project, 'dependencies').flatMap(pep508) : [];
  const poetry = tomlKeys(tomlSection(text, 'tool.poetry.dependencies') ?? '').filter(
    (n) => n !== 'python',
  );
  return [...deps, ...poetry.map((n) => `pypi:${n}`)];
}

function goRequires(text: string): string[] {
  const lines: string[] = [];
  for (const block of text.matchAll(/^\s*require\s*\(([\s\S]*?)\)/gm))
    lines.push(...block[1]!.split(/\r?\n/));
  for (const single of text.matchAll(/^\s*require\s+([^\s(][^\n]*)/gm)) lines.push(single[1]!);
  return lines
    .filter((line) => !/\/\/\s*indirect/.test(line))
    .map((line) => /^\s*"?([^\s"]+)"?\s+v/.exec(line)?.[1])
    .filter((p): p is string => p !== undefined)
    .map((p) => `go:${p}`);
}

function cargoDependencies(text: string): string[] {
  const out: string[] = [];
  for (const header of tomlHeaders(text)) {
    // [dependencies], [workspace.dependencies], [target.'cfg(unix)'.dependencies]; not dev/build ones.
    if (/(?:^|\.)dependencies$/.test(header) && !/(?:dev|build)-dependencies$/.test(header)) {
      out.push(...tomlKeys(tomlSection(text, header) ?? ''));
    }
    const table = /^(?:workspace\.)?dependencies\.([\w-]+)$/.exec(header);
    if (table) out.push(table[1]!);
  }
  return out.map((name) => `cargo:${name}`);
}

function mavenDependencies(text: string): string[] {
  const out: string[] = [];
  for (const m of stripXmlComments(text).matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const body = m[1]!;
    if (/<scope>\s*test\s*<\/scope>/.test(body)) continue;
    const group = /<groupId>\s*([^<\s]+)\s*<\/groupId>/.exec(body)?.[1];
    const artifact = /<artifactId>\s*([^<\s]+)\s*<\/artifactId>/.exec(body)?.[1];
    if (group && artifact) out.push(`maven:${group}:${artifact}`);
  }
  return out;
}

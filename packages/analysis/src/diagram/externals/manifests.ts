import { isRecord, stringsOf } from '../scan/jsonc.js';
import { basename } from '../../facts/paths.js';
import { type RepoIndex } from '../scan/repo-index.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
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
  [/^pyproject\.toml$/, async (_t, index, path) => pyproject(await index.readToml(path))],
  [
    /^Pipfile$/,
    async (_t, index, path) =>
      Object.keys(record((await index.readToml(path))?.packages)).map((n) => `pypi:${n}`),
  ],
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
  [/^Cargo\.toml$/, async (_t, index, path) => cargoDependencies(await index.readToml(path))],
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
    if (isThirdPartyPath(path)) continue;
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

function pyproject(toml: Record<string, unknown> | null): string[] {
  const deps = stringsOf(record(toml?.project).dependencies).flatMap(pep508);
  const poetry = Object.keys(record(record(record(toml?.tool).poetry).dependencies)).filter(
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

/** Runtime dependency crates: [dependencies], [workspace.dependencies], [target.'cfg(..)'.dependencies]. */
function cargoDependencies(toml: Record<string, unknown> | null): string[] {
  const tables = [
    toml?.dependencies,
    record(toml?.workspace).dependencies,
    ...Object.values(record(toml?.target)).map((target) => record(target).dependencies),
  ];
  return tables.flatMap((table) =>
    Object.entries(record(table)).map(([key, spec]) => {
      // `web = { package = "actix-web" }` depends on actix-web under another name.
      const renamed = record(spec).package;
      return `cargo:${typeof renamed === 'string' ? renamed : key}`;
    }),
  );
}

function record(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
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

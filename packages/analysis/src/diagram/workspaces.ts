import { isRecord, stringsOf } from './scan/jsonc.js';
import { basename, compareStrings, dirname, globToRegExp, joinPath } from '../facts/paths.js';
import { type RepoIndex } from './scan/repo-index.js';
import { isThirdPartyPath } from '../facts/third-party.js';
import { parseYaml } from '../composition/parsers/yaml.js';

export type WorkspaceEcosystem = 'npm' | 'cargo' | 'go' | 'maven' | 'gradle' | 'dotnet';

/** A package the repository declares as a unit of its own; components start from these. */
export interface WorkspacePackage {
  dir: string;
  name: string;
  ecosystem: WorkspaceEcosystem;
  manifest: string;
}

/**
 * Workspace packages as each ecosystem declares them: npm/yarn `workspaces`, pnpm-workspace.yaml and
 * lerna.json globs, Cargo `[workspace] members`, every nested go.mod, Maven `<modules>`, Gradle
 * `include`, and every .NET project file. The repository root is never a package: it is the whole.
 */
export async function detectWorkspaces(index: RepoIndex): Promise<WorkspacePackage[]> {
  const manifests = index.files.filter((path) => !isThirdPartyPath(path));
  const found = [
    ...(await npmWorkspaces(index, manifests)),
    ...(await cargoWorkspaces(index, manifests)),
    ...(await goModules(index, manifests)),
    ...(await mavenModules(index, manifests)),
    ...(await gradleProjects(index, manifests)),
    ...dotnetProjects(manifests),
  ];
  const byDir = new Map<string, WorkspacePackage>();
  for (const pkg of found) if (pkg.dir && !byDir.has(pkg.dir)) byDir.set(pkg.dir, pkg);
  return [...byDir.values()].sort((a, b) => compareStrings(a.dir, b.dir));
}

function named(manifests: string[], file: RegExp): string[] {
  return manifests.filter((path) => file.test(basename(path)));
}

/** Directories among `dirs` (relative to `root`) matched by the include globs and no `!` glob. */
function matchGlobs(root: string, globs: string[], dirs: string[]): string[] {
  const include = globs.filter((g) => !g.startsWith('!')).map(globToRegExp);
  const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globToRegExp(g.slice(1)));
  return dirs.filter((dir) => {
    const rel = root ? (dir.startsWith(root + '/') ? dir.slice(root.length + 1) : null) : dir;
    return (
      rel !== null && include.some((re) => re.test(rel)) && !exclude.some((re) => re.test(rel))
    );
  });
}

async function npmWorkspaces(index: RepoIndex, manifests: string[]): Promise<WorkspacePackage[]> {
  const root = await index.readJson('package.json');
  const globs: string[] = [];
  if (isRecord(root)) {
    const ws = root.workspaces;
    globs.push(...stringsOf(ws), ...(isRecord(ws) ? stringsOf(ws.packages) : []));
  }
  const lerna = await index.readJson('lerna.json');
  if (isRecord(lerna)) globs.push(...stringsOf(lerna.packages));
  globs.push(...pnpmGlobs(await index.readManifest('pnpm-workspace.yaml')));
  if (!globs.length) return [];
  const dirs = named(manifests, /^package\.json$/).map(dirname);
  const out: WorkspacePackage[] = [];
  for (const dir of matchGlobs('', globs, dirs)) {
    const manifest = joinPath(dir, 'package.json')!;
    const json = await index.readJson(manifest);
    const name = isRecord(json) && typeof json.name === 'string' ? json.name : dir;
    out.push({ dir, name, ecosystem: 'npm', manifest });
  }
  return out;
}

function pnpmGlobs(yaml: string | null): string[] {
  if (!yaml) return [];
  try {
    const document = parseYaml(yaml);
    return isRecord(document) ? stringsOf(document.packages) : [];
  } catch {
    return [];
  }
}

async function cargoWorkspaces(index: RepoIndex, manifests: string[]): Promise<WorkspacePackage[]> {
  const cargoFiles = named(manifests, /^Cargo\.toml$/);
  const dirs = cargoFiles.map(dirname);
  const out: WorkspacePackage[] = [];
  for (const file of cargoFiles) {
    const workspace = (await index.readToml(file))?.workspace;
    if (!isRecord(workspace)) continue;
    const root = dirname(file);
    const globs = [
      ...stringsOf(workspace.members),
      ...stringsOf(workspace.exclude).map((g) => '!' + g),
    ];
    for (const dir of matchGlobs(root, globs, dirs)) {
      const manifest = joinPath(dir, 'Cargo.toml')!;
      const pkg = (await index.readToml(manifest))?.package;
      out.push({
        dir,
        name: (isRecord(pkg) && typeof pkg.name === 'string' && pkg.name) || dir,
        ecosystem: 'cargo',
        manifest,
      });
    }
  }
  return out;
}

async function goModules(index: RepoIndex, manifests: string[]): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const manifest of named(manifests, /^go\.mod$/)) {
    const module = goModulePath((await index.readManifest(manifest)) ?? '');
    out.push({
      dir: dirname(manifest),
      name: module ?? dirname(manifest),
      ecosystem: 'go',
      manifest,
    });
  }
  return out;
}

export function goModulePath(goMod: string): string | null {
  const m = /^\s*module\s+"?([^\s"]+)"?/m.exec(goMod);
  return m ? m[1]! : null;
}

async function mavenModules(index: RepoIndex, manifests: string[]): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const pom of named(manifests, /^pom\.xml$/)) {
    const text = stripXmlComments((await index.readManifest(pom)) ?? '');
    const block = /<modules>([\s\S]*?)<\/modules>/.exec(text)?.[1] ?? '';
    for (const m of block.matchAll(/<module>\s*([^<]+?)\s*<\/module>/g)) {
      const dir = joinPath(dirname(pom), m[1]!.replace(/\/?pom\.xml$/, ''));
      const manifest = dir === null ? null : joinPath(dir, 'pom.xml');
      if (dir === null || manifest === null || !index.has(manifest)) continue;
      const child = stripXmlComments((await index.readManifest(manifest)) ?? '').replace(
        /<parent>[\s\S]*?<\/parent>/,
        '',
      );
      const name = /<artifactId>\s*([^<]+?)\s*<\/artifactId>/.exec(child)?.[1] ?? dir;
      out.push({ dir, name, ecosystem: 'maven', manifest });
    }
  }
  return out;
}

export function stripXmlComments(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '');
}

async function gradleProjects(index: RepoIndex, manifests: string[]): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const settings of named(manifests, /^settings\.gradle(?:\.kts)?$/)) {
    const text = (await index.readManifest(settings)) ?? '';
    for (const line of text.matchAll(/^\s*include\b([^\n]*)/gm)) {
      for (const m of line[1]!.matchAll(/["']([^"']+)["']/g)) {
        const project = m[1]!;
        const dir = joinPath(dirname(settings), project.replace(/^:/, '').replaceAll(':', '/'));
        if (dir !== null && index.isDir(dir)) {
          const manifest = ['build.gradle.kts', 'build.gradle']
            .map((f) => joinPath(dir, f)!)
            .find((f) => index.has(f));
          out.push({ dir, name: project, ecosystem: 'gradle', manifest: manifest ?? settings });
        }
      }
    }
  }
  return out;
}

function dotnetProjects(manifests: string[]): WorkspacePackage[] {
  return named(manifests, /\.(?:cs|fs|vb)proj$/).map((manifest) => ({
    dir: dirname(manifest),
    name: basename(manifest).replace(/\.\w+proj$/, ''),
    ecosystem: 'dotnet' as const,
    manifest,
  }));
}

import { isRecord } from './scan/jsonc.js';
import { basename, compareStrings, dirname, foldersOf, joinPath } from '../facts/paths.js';
import { type RepoIndex } from './scan/repo-index.js';
import { isThirdPartyPath } from '../facts/third-party.js';
import { readWorkspaceDeclaration, workspaceMembers } from '../facts/workspaces.js';

export type WorkspaceEcosystem = 'npm' | 'cargo' | 'go' | 'maven' | 'gradle' | 'dotnet';

/** A package the repository declares as a unit of its own; components start from these. */
export interface WorkspacePackage {
  dir: string;
  name: string;
  ecosystem: WorkspaceEcosystem;
  manifest: string;
}

/**
 * Workspace packages: the members of every workspace the repository declares, as the engine's one
 * recogniser reads and resolves them (../facts/workspaces.ts, which the composition reads too) —
 * npm/yarn `workspaces`, pnpm-workspace.yaml and lerna.json at the root, Cargo `[workspace]`,
 * Maven `<modules>`, Gradle `include` — plus every nested go.mod and every .NET project file,
 * each a package of its own. Paths of somebody else's project are left out. The repository root
 * is never a package: it is the whole.
 */
export async function detectWorkspaces(index: RepoIndex): Promise<WorkspacePackage[]> {
  const manifests = index.files.filter((path) => !isThirdPartyPath(path));
  const tree = { folders: foldersOf(manifests), files: new Set(manifests) };
  const found = [
    ...(await npmWorkspaces(index, tree)),
    ...(await cargoWorkspaces(index, manifests, tree)),
    ...(await goModules(index, manifests)),
    ...(await mavenModules(index, manifests, tree)),
    ...(await gradleProjects(index, manifests, tree)),
    ...dotnetProjects(manifests),
  ];
  const byDir = new Map<string, WorkspacePackage>();
  for (const pkg of found) if (pkg.dir && !byDir.has(pkg.dir)) byDir.set(pkg.dir, pkg);
  return [...byDir.values()].sort((a, b) => compareStrings(a.dir, b.dir));
}

type Tree = Parameters<typeof workspaceMembers>[2];

function named(manifests: string[], file: RegExp): string[] {
  return manifests.filter((path) => file.test(basename(path)));
}

/** Member folders of the workspaces `declaring` declare, each once, in declaration order. */
async function membersOf(index: RepoIndex, declaring: string[], tree: Tree): Promise<string[]> {
  const members = new Set<string>();
  for (const manifest of declaring) {
    const text = await index.readManifest(manifest);
    const declaration = text === null ? null : readWorkspaceDeclaration(manifest, text);
    if (declaration)
      for (const dir of workspaceMembers(manifest, declaration, tree)) members.add(dir);
  }
  return [...members];
}

async function npmWorkspaces(index: RepoIndex, tree: Tree): Promise<WorkspacePackage[]> {
  // The root's declarations only (docs/analysis/diagram.md): package.json, lerna.json, pnpm's.
  const declaring = index
    .filesIn('')
    .filter((path) => /^(?:package\.json|lerna\.json|pnpm-workspace\.ya?ml)$/.test(path));
  const out: WorkspacePackage[] = [];
  for (const dir of await membersOf(index, declaring, tree)) {
    const manifest = joinPath(dir, 'package.json')!;
    const json = await index.readJson(manifest);
    const name = isRecord(json) && typeof json.name === 'string' ? json.name : dir;
    out.push({ dir, name, ecosystem: 'npm', manifest });
  }
  return out;
}

async function cargoWorkspaces(
  index: RepoIndex,
  manifests: string[],
  tree: Tree,
): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const dir of await membersOf(index, named(manifests, /^Cargo\.toml$/), tree)) {
    const manifest = joinPath(dir, 'Cargo.toml')!;
    const pkg = (await index.readToml(manifest))?.package;
    out.push({
      dir,
      name: (isRecord(pkg) && typeof pkg.name === 'string' && pkg.name) || dir,
      ecosystem: 'cargo',
      manifest,
    });
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

async function mavenModules(
  index: RepoIndex,
  manifests: string[],
  tree: Tree,
): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const dir of await membersOf(index, named(manifests, /^pom\.xml$/), tree)) {
    const manifest = joinPath(dir, 'pom.xml')!;
    const child = stripXmlComments((await index.readManifest(manifest)) ?? '').replace(
      /<parent>[\s\S]*?<\/parent>/,
      '',
    );
    const name = /<artifactId>\s*([^<]+?)\s*<\/artifactId>/.exec(child)?.[1] ?? dir;
    out.push({ dir, name, ecosystem: 'maven', manifest });
  }
  return out;
}

export function stripXmlComments(xml: string): string {
  return xml.replace(/<!--[\s\S]*?-->/g, '');
}

async function gradleProjects(
  index: RepoIndex,
  manifests: string[],
  tree: Tree,
): Promise<WorkspacePackage[]> {
  const out: WorkspacePackage[] = [];
  for (const settings of named(manifests, /^settings\.gradle(?:\.kts)?$/)) {
    const root = dirname(settings);
    for (const dir of await membersOf(index, [settings], tree)) {
      const manifest = ['build.gradle.kts', 'build.gradle']
        .map((f) => joinPath(dir, f)!)
        .find((f) => index.has(f));
      // Gradle's own name for it: the project path from the settings' folder, `:lib:ui`.
      const path = root === '' ? dir : dir.slice(root.length + 1);
      const name = `:${path.replaceAll('/', ':')}`;
      out.push({ dir, name, ecosystem: 'gradle', manifest: manifest ?? settings });
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

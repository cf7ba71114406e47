import type { WorkspaceLayout } from '@rota/contracts';
import type { ManifestFacts } from './manifests/types.js';
import { dirname, foldersOf } from '../facts/paths.js';
import { workspaceMembers } from '../facts/workspaces.js';

const MAX_MEMBERS = 500;

/** A package.json workspace is run by the package manager whose lock file sits beside it. */
function npmFlavour(folder: string, files: Set<string>): WorkspaceLayout['tool'] {
  const prefix = folder === '' ? '' : `${folder}/`;
  if (files.has(`${prefix}yarn.lock`) || files.has(`${prefix}.yarnrc.yml`)) return 'yarn';
  if (files.has(`${prefix}bun.lockb`) || files.has(`${prefix}bun.lock`)) return 'bun';
  return 'npm';
}

/**
 * Workspace layouts: one per declaring manifest, its members as the engine's one recogniser
 * resolves them against the folders of the tree (../facts/workspaces.ts, which the diagram reads
 * too), each named by its member manifest when that was read.
 */
export function workspaceLayouts(
  paths: string[],
  manifests: Array<{ path: string; name: string | null; facts: ManifestFacts | null }>,
): WorkspaceLayout[] {
  const files = new Set(paths);
  const folders = foldersOf(paths);
  const names = new Map(manifests.map((manifest) => [manifest.path, manifest.name]));
  const layouts: WorkspaceLayout[] = [];
  for (const { path, facts } of manifests) {
    const declaration = facts?.workspace;
    if (!declaration) continue;
    const members = workspaceMembers(path, declaration, { folders, files })
      .slice(0, MAX_MEMBERS)
      .map((folder) => {
        const memberManifest =
          declaration.memberFile &&
          (folder === '' ? declaration.memberFile : `${folder}/${declaration.memberFile}`);
        return { path: folder, name: (memberManifest && names.get(memberManifest)) ?? null };
      });
    const base = dirname(path);
    const tool = declaration.tool === 'npm' ? npmFlavour(base, files) : declaration.tool;
    layouts.push({ tool, manifest: path, patterns: declaration.patterns, members });
  }
  return layouts;
}

import type { WorkspaceLayout } from '@rota/contracts';
import type { ManifestFacts } from './manifests/types.js';
import { dirname, foldersOf, globToRegExp, joinPath } from '../facts/paths.js';

const MAX_MEMBERS = 500;

/** A package.json workspace is run by the package manager whose lock file sits beside it. */
function npmFlavour(folder: string, files: Set<string>): WorkspaceLayout['tool'] {
  const prefix = folder === '' ? '' : `${folder}/`;
  if (files.has(`${prefix}yarn.lock`) || files.has(`${prefix}.yarnrc.yml`)) return 'yarn';
  if (files.has(`${prefix}bun.lockb`) || files.has(`${prefix}bun.lock`)) return 'bun';
  return 'npm';
}

/**
 * Workspace layouts: each declaring manifest's member patterns (globs, relative to the manifest's
 * folder, `!` excluding) resolved against the folders of the tree. A folder is a member when a
 * pattern matches it, no exclusion does, and it holds the member manifest the tool requires
 * (package.json, Cargo.toml, go.mod, pom.xml; any folder for Gradle and .NET solutions).
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
    const base = dirname(path);
    const resolve = (pattern: string) => joinPath(base, pattern);
    const include = declaration.patterns.filter((pattern) => !pattern.startsWith('!'));
    const exclude = declaration.patterns
      .filter((pattern) => pattern.startsWith('!'))
      .map((pattern) => resolve(pattern.slice(1)))
      .filter((pattern): pattern is string => pattern !== null)
      .map(globToRegExp);
    const matchers = include
      .map(resolve)
      .filter((pattern): pattern is string => pattern !== null)
      .map(globToRegExp);
    const members = [...folders]
      .filter(
        (folder) =>
          matchers.some((matcher) => matcher.test(folder)) &&
          !exclude.some((matcher) => matcher.test(folder)) &&
          !folder.split('/').includes('node_modules') &&
          (declaration.memberFile === null ||
            files.has(
              folder === '' ? declaration.memberFile : `${folder}/${declaration.memberFile}`,
            )),
      )
      .sort()
      .slice(0, MAX_MEMBERS)
      .map((folder) => {
        const memberManifest =
          declaration.memberFile &&
          (folder === '' ? declaration.memberFile : `${folder}/${declaration.memberFile}`);
        return { path: folder, name: (memberManifest && names.get(memberManifest)) ?? null };
      });
    const tool = declaration.tool === 'npm' ? npmFlavour(base, files) : declaration.tool;
    layouts.push({ tool, manifest: path, patterns: declaration.patterns, members });
  }
  return layouts;
}

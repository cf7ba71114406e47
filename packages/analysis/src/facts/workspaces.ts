import { readerFor } from '../composition/manifests/registry.js';
import type { WorkspaceDeclaration } from '../composition/manifests/types.js';
import { dirname, globToRegExp, joinPath } from './paths.js';

/**
 * Declared workspaces, one recogniser for the composition's workspace layouts and the diagram's
 * workspace packages. What a manifest declares is what the composition's manifest readers read
 * (package.json `workspaces`, pnpm-workspace.yaml, lerna.json, Cargo `[workspace]`, go.work,
 * Maven `<modules>`, Gradle `include`, a .NET solution's projects); which folders that makes
 * members is decided here, once.
 */

/** The workspace `text` (the file at `path`) declares; null when it declares none or is broken. */
export function readWorkspaceDeclaration(path: string, text: string): WorkspaceDeclaration | null {
  const reader = readerFor(path);
  if (!reader) return null;
  try {
    return reader.read(text, path)?.workspace ?? null;
  } catch {
    // A manifest its own tool would refuse declares nothing.
    return null;
  }
}

/** Maven's `<module>` names a folder or the module's pom file itself. */
const MAVEN_POM = /\/?pom\.xml$/;

/**
 * The members of the workspace `manifest` declares: patterns are taken relative to the manifest's
 * folder (`*` within one segment, `**` across any number, `!pattern` excludes); a folder is a
 * member when an including pattern matches it, no excluding one does, it is not under
 * `node_modules`, and it holds the tool's member manifest (any folder when there is none). The
 * caller says which folders and files of the tree count. Sorted by code unit.
 */
export function workspaceMembers(
  manifest: string,
  declaration: WorkspaceDeclaration,
  tree: { folders: Iterable<string>; files: ReadonlySet<string> },
): string[] {
  const base = dirname(manifest);
  const matchers = (patterns: string[]) =>
    patterns
      .map((pattern) =>
        joinPath(base, declaration.tool === 'maven' ? pattern.replace(MAVEN_POM, '') : pattern),
      )
      .filter((pattern): pattern is string => pattern !== null)
      .map(globToRegExp);
  const include = matchers(declaration.patterns.filter((pattern) => !pattern.startsWith('!')));
  const exclude = matchers(
    declaration.patterns
      .filter((pattern) => pattern.startsWith('!'))
      .map((pattern) => pattern.slice(1)),
  );
  const { memberFile } = declaration;
  return [...tree.folders]
    .filter(
      (folder) =>
        include.some((matcher) => matcher.test(folder)) &&
        !exclude.some((matcher) => matcher.test(folder)) &&
        !folder.split('/').includes('node_modules') &&
        (memberFile === null ||
          tree.files.has(folder === '' ? memberFile : `${folder}/${memberFile}`)),
    )
    .sort();
}

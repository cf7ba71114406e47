/**
 * Paths whose content is somebody else's project or a build's output: installed dependencies,
 * vendored copies, virtual environments, test fixtures that are whole sample projects, and build
 * folders. Manifests, workspaces, tests and components found there describe those projects, not
 * this one, so the composition and the diagram skip them (one list for both, and for the
 * pull-request review's vendored and generated files: see ThirdPartyKind).
 *
 * This is not the structure analysis's "vendored" category: that one is GitHub Linguist's
 * vendor.yml (plus `linguist-vendored`), which answers "does this count in the language shares?"
 * and so also covers `.github/`, editor settings and wrapper scripts that are this project's own.
 */

/** Installed dependencies and vendored copies of other projects. */
const DEPENDENCY_FOLDERS = [
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'vendors',
  'third_party',
  'third-party',
  'thirdparty',
  'godeps',
  'pods',
  'carthage',
  '__pypackages__',
  'site-packages',
  '__pycache__',
  '.venv',
  'venv',
  '.tox',
  '.yarn',
  '.pnpm-store',
  '.git',
];
/** Test fixtures that are whole sample projects. */
const FIXTURE_FOLDERS = ['fixtures', '__fixtures__', 'testdata', 'test-fixtures'];
/** Build output: generated from this project's sources, which are read instead. */
const BUILD_FOLDERS = ['dist', '.next', '.nuxt', '.svelte-kit', 'coverage'];

/**
 * Which kind of somebody else's (or a build's) path this is; null for the project's own. The first
 * that holds wins: a folder of dependencies anywhere in the path (`dist/vendor/x.js`), a build
 * folder, a minified bundle, a fixture folder. The pull-request review reads the kinds apart: a
 * dependency is vendored code, build output and minified bundles are generated, and a fixture is
 * the project's own test code there.
 */
export type ThirdPartyKind = 'dependency' | 'build' | 'fixture' | 'minified';

const FOLDER_KIND = new Map<string, ThirdPartyKind>([
  ...FIXTURE_FOLDERS.map((name) => [name, 'fixture'] as const),
  ...BUILD_FOLDERS.map((name) => [name, 'build'] as const),
  ...DEPENDENCY_FOLDERS.map((name) => [name, 'dependency'] as const),
]);
const PRECEDENCE: ThirdPartyKind[] = ['dependency', 'build', 'fixture'];

/** Minified bundles are copies of some library, wherever they sit. */
const MINIFIED = /\.min\.(?:js|css)$|(?:^|\/)[^/]+-min\.js$/;

// Paths come folder by folder (git lists a tree in order): the last folder's answer is reused.
let lastFolder: string | undefined;
let lastFolderKind: ThirdPartyKind | null = null;

function folderKind(folder: string): ThirdPartyKind | null {
  if (folder !== lastFolder) {
    lastFolder = folder;
    const kinds = new Set(
      folder.split('/').map((segment) => FOLDER_KIND.get(segment.toLowerCase())),
    );
    lastFolderKind = PRECEDENCE.find((kind) => kinds.has(kind)) ?? null;
  }
  return lastFolderKind;
}

export function thirdPartyKind(path: string): ThirdPartyKind | null {
  const slash = path.lastIndexOf('/');
  const folder = slash === -1 ? null : folderKind(path.slice(0, slash));
  if (folder === 'dependency' || folder === 'build') return folder;
  return MINIFIED.test(path) ? 'minified' : folder;
}

export function isThirdPartyPath(path: string): boolean {
  return thirdPartyKind(path) !== null;
}

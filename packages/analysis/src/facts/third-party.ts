/**
 * Paths whose content is somebody else's project or a build's output: installed dependencies,
 * vendored copies, virtual environments, test fixtures that are whole sample projects, and build
 * folders. Manifests, workspaces, tests and components found there describe those projects, not
 * this one, so the composition and the diagram skip them (one list for both).
 *
 * This is not the structure analysis's "vendored" category: that one is GitHub Linguist's
 * vendor.yml (plus `linguist-vendored`), which answers "does this count in the language shares?"
 * and so also covers `.github/`, editor settings and wrapper scripts that are this project's own.
 */
const THIRD_PARTY_FOLDERS = new Set(
  [
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
    'fixtures',
    '__fixtures__',
    'testdata',
    'test-fixtures',
    // Build output: generated from this project's sources, which are read instead.
    'dist',
    '.next',
    '.nuxt',
    '.svelte-kit',
    'coverage',
  ].map((name) => name.toLowerCase()),
);

/** Minified bundles are copies of some library, wherever they sit. */
const MINIFIED = /\.min\.(?:js|css)$|(?:^|\/)[^/]+-min\.js$/;

// Paths come folder by folder (git lists a tree in order): the last folder's answer is reused.
let lastFolder: string | undefined;
let lastFolderIsThirdParty = false;

function isThirdPartyFolder(folder: string): boolean {
  if (folder !== lastFolder) {
    lastFolder = folder;
    lastFolderIsThirdParty = folder
      .split('/')
      .some((segment) => THIRD_PARTY_FOLDERS.has(segment.toLowerCase()));
  }
  return lastFolderIsThirdParty;
}

export function isThirdPartyPath(path: string): boolean {
  if (MINIFIED.test(path)) return true;
  const slash = path.lastIndexOf('/');
  return slash !== -1 && isThirdPartyFolder(path.slice(0, slash));
}

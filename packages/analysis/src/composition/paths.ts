/**
 * Path helpers shared by the composition readers. Paths are git's: '/'-separated, relative to the
 * root, any bytes but NUL, so nothing here touches the file system or treats a name as an option.
 */

/**
 * Folders whose content is somebody else's project (installed dependencies, vendored copies, test
 * fixtures that are whole sample projects). Manifests and tests found there describe those projects,
 * not this one, so they are skipped.
 */
const SKIPPED_SEGMENTS = new Set([
  'node_modules',
  'bower_components',
  'jspm_packages',
  'vendor',
  'vendors',
  'third_party',
  'third-party',
  'thirdparty',
  'pods',
  'carthage',
  '__pypackages__',
  'site-packages',
  '.venv',
  'venv',
  '.tox',
  '.yarn',
  '.pnpm-store',
  'fixtures',
  '__fixtures__',
  'testdata',
  'test-fixtures',
]);

export function isSkippedPath(path: string): boolean {
  const segments = path.split('/');
  segments.pop();
  return segments.some((segment) => SKIPPED_SEGMENTS.has(segment.toLowerCase()));
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The folder of a path, '' for the root. */
export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Lower-case extension without the dot ('' when none); `.d.ts` style double extensions are not special. */
export function extension(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Segments in a path ('' has none). Counted without splitting: sorts call it for every comparison. */
export function depth(path: string): number {
  if (path === '') return 0;
  let segments = 1;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1))
    segments += 1;
  return segments;
}

/** Joins a folder and a relative path written in a manifest, resolving `.` and `..` inside the tree. */
export function joinPath(folder: string, relative: string): string | null {
  const parts = folder === '' ? [] : folder.split('/');
  for (const part of relative.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

/** Orders paths root first, then shallow before deep, then by code point, so results are stable. */
export function compareByDepth(a: string, b: string): number {
  return depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** Every folder that holds at least one of `paths` (ancestors included, the root as ''). */
export function foldersOf(paths: Iterable<string>): Set<string> {
  const folders = new Set<string>(['']);
  for (const path of paths) {
    let folder = dirname(path);
    while (folder !== '' && !folders.has(folder)) {
      folders.add(folder);
      folder = dirname(folder);
    }
  }
  return folders;
}

/**
 * A workspace glob ("packages/*", "apps/**", "crates/foo") as a regular expression over folder
 * paths. `*` stays inside one segment, `**` spans any number of them.
 */
export function globToRegExp(glob: string): RegExp {
  const trimmed = glob.replace(/^\.\//, '').replace(/\/+$/, '');
  let source = '';
  for (let i = 0; i < trimmed.length; i++) {
    const char = trimmed[i]!;
    if (char === '*' && trimmed[i + 1] === '*') {
      const slash = trimmed[i + 2] === '/';
      source += slash ? '(?:.*/)?' : '.*';
      i += slash ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** Runs `task` over `items` with at most `limit` in flight, keeping the input order in the output. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

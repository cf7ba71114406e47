/**
 * The engine's one set of path helpers (composition, diagram, README and the facts layer read
 * paths the same way). Paths are git's: '/'-separated, relative to the root ('' is the root), no
 * leading or trailing slash, any bytes but NUL, so nothing here touches the file system or treats
 * a name as an option.
 */

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

/** The same extension with its dot ('.ts'), as the diagram's language tables are keyed. */
export function extname(path: string): string {
  const ext = extension(path);
  return ext ? `.${ext}` : '';
}

/** Segments in a path ('' has none). Counted without splitting: sorts call it for every comparison. */
export function depth(path: string): number {
  if (path === '') return 0;
  let segments = 1;
  for (let slash = path.indexOf('/'); slash !== -1; slash = path.indexOf('/', slash + 1))
    segments += 1;
  return segments;
}

/**
 * Joins a folder and a relative path written in a manifest or an import, resolving `.` and `..`
 * inside the tree; null when it climbs above the root or is absolute, because nothing outside the
 * tree may ever be read or become an edge.
 */
export function joinPath(folder: string, relative: string): string | null {
  if (relative.startsWith('/')) return null;
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

/** `dir` and each ancestor up to the root (''), nearest first. */
export function ancestors(dir: string): string[] {
  const out = [dir];
  for (let d = dir; d;) {
    d = dirname(d);
    out.push(d);
  }
  return out;
}

export function isUnder(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(dir + '/');
}

/** Code-unit order, independent of locale, so output is byte-identical everywhere. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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

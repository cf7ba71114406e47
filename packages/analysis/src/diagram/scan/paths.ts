/** Repository-relative POSIX paths: '' is the root, no leading or trailing slash. */

export function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export function extname(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/**
 * `rel` resolved against `dir`, with `.` and `..` applied; null when it climbs above the root or is
 * absolute, because nothing outside the tree may ever become an edge.
 */
export function joinPath(dir: string, rel: string): string | null {
  if (rel.startsWith('/')) return null;
  const parts = dir ? dir.split('/') : [];
  for (const part of rel.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!parts.length) return null;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
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

/** Converts a workspace glob (`packages/*`, `apps/**`, `crates/foo`) to a RegExp over directories. */
export function globToRegExp(glob: string): RegExp {
  const clean = glob.replace(/^\.\//, '').replace(/\/+$/, '');
  let source = '';
  for (let k = 0; k < clean.length; k++) {
    const ch = clean[k]!;
    if (ch === '*' && clean[k + 1] === '*') {
      source += '.*';
      k++;
      if (clean[k + 1] === '/') k++;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

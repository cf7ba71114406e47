import type { DiagramComponentKind } from '@rota/contracts';
import { compareStrings, dirname } from '../facts/paths.js';

import type { WorkspacePackage } from './workspaces.js';

export interface Component {
  /** Folder path ('' for the root files and for `other`). */
  path: string;
  kind: DiagramComponentKind;
  packageName: string | null;
  /** Sorted. */
  files: string[];
  weight: number;
}

export interface ComponentFile {
  path: string;
  /** Code lines plus one, so files of unknown size still count. */
  weight: number;
}

const KIND_ORDER: Record<DiagramComponentKind, number> = {
  files: 0,
  package: 1,
  folder: 2,
  other: 3,
};

function make(
  path: string,
  kind: DiagramComponentKind,
  files: string[],
  weights: Map<string, number>,
  packageName: string | null = null,
): Component {
  const sorted = [...files].sort(compareStrings);
  return {
    path,
    kind,
    packageName,
    files: sorted,
    weight: sorted.reduce((sum, f) => sum + (weights.get(f) ?? 1), 0),
  };
}

function join(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

/**
 * The components `component` would split into: the files directly in its folder (if it also has
 * subfolders) and one folder per subfolder. A folder holding a single subfolder and nothing else is
 * looked through (`src/main/java/com/acme` rather than `src`), so a split always adds information.
 */
function split(component: Component, weights: Map<string, number>): Component[] {
  let base = component.path;
  for (;;) {
    const own: string[] = [];
    const children = new Map<string, string[]>();
    const prefix = base ? base + '/' : '';
    for (const file of component.files) {
      const rest = file.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) own.push(file);
      else {
        const child = rest.slice(0, slash);
        const list = children.get(child) ?? [];
        list.push(file);
        children.set(child, list);
      }
    }
    if (!own.length && children.size === 1) {
      base = join(base, [...children.keys()][0]!);
      continue;
    }
    const parts = [...children].map(([child, files]) =>
      make(join(base, child), 'folder', files, weights),
    );
    if (own.length) parts.unshift(make(base, 'files', own, weights));
    return parts;
  }
}

/**
 * Groups files into at most `budget` components: workspace packages first (each file to its
 * innermost package), loose files by top-level folder, root files together. Over budget, sibling
 * components are folded into their parent folder (the largest family first), and whatever is still
 * too many goes to `other`, smallest first. Under budget, the heaviest component above its fair share
 * (total weight / budget) is split into its subfolders while the split still fits.
 */
export function buildComponents(
  files: readonly ComponentFile[],
  packages: readonly WorkspacePackage[],
  budget: number,
): { components: Component[]; merged: number } {
  const weights = new Map(files.map((f) => [f.path, f.weight]));
  const packageDirs = new Map(packages.map((p) => [p.dir, p]));
  /** The innermost package holding `path`: walk up its folders (cheap with hundreds of packages). */
  const packageOf = (path: string) => {
    for (let dir = dirname(path); dir; dir = dirname(dir)) {
      const found = packageDirs.get(dir);
      if (found) return found;
    }
    return undefined;
  };
  const groups = new Map<
    string,
    { kind: DiagramComponentKind; name: string | null; files: string[] }
  >();
  for (const { path } of files) {
    const pkg = packageOf(path);
    const slash = path.indexOf('/');
    const key = pkg ? `p:${pkg.dir}` : slash < 0 ? 'r:' : `f:${path.slice(0, slash)}`;
    let group = groups.get(key);
    if (!group) {
      group = pkg
        ? { kind: 'package', name: pkg.name, files: [] }
        : { kind: slash < 0 ? 'files' : 'folder', name: null, files: [] };
      groups.set(key, group);
    }
    group.files.push(path);
  }
  let components = [...groups].map(([key, g]) =>
    make(key.slice(2), g.kind, g.files, weights, g.name),
  );
  let merged = 0;

  // Over budget: fold the largest family of siblings into their parent folder.
  while (components.length > budget) {
    const families = new Map<string, Component[]>();
    for (const c of components) {
      if (!c.path || c.kind === 'other') continue;
      // A folder's own files sit beside its subfolders, so they belong to the folder's family.
      const parent = c.kind === 'files' ? c.path : dirname(c.path);
      if (!parent) continue;
      const family = families.get(parent) ?? [];
      family.push(c);
      families.set(parent, family);
    }
    const best = [...families]
      .filter(([, family]) => family.length >= 2)
      .sort(
        (a, b) =>
          b[1].length - a[1].length ||
          b[0].split('/').length - a[0].split('/').length ||
          compareStrings(a[0], b[0]),
      )[0];
    if (!best) break;
    const [parent, family] = best;
    const absorbed = new Set([
      ...family,
      ...components.filter((c) => c.path === parent && c.kind !== 'other'),
    ]);
    components = components.filter((c) => !absorbed.has(c));
    merged += absorbed.size - 1;
    components.push(
      make(
        parent,
        'folder',
        [...absorbed].flatMap((c) => c.files),
        weights,
      ),
    );
  }
  if (components.length > budget) {
    const ranked = [...components].sort(
      (a, b) => b.weight - a.weight || compareStrings(a.path, b.path),
    );
    const keep = ranked.slice(0, Math.max(0, budget - 1));
    const rest = ranked.slice(keep.length);
    merged += rest.length - 1;
    components = [
      ...keep,
      make(
        '',
        'other',
        rest.flatMap((c) => c.files),
        weights,
      ),
    ];
  }

  // Under budget: deepen where a component carries more than its share.
  const total = components.reduce((sum, c) => sum + c.weight, 0);
  for (;;) {
    const fair = total / budget;
    const candidates = components
      .filter((c) => c.kind !== 'other' && c.weight > fair)
      .sort((a, b) => b.weight - a.weight || compareStrings(a.path, b.path));
    let done = true;
    for (const candidate of candidates) {
      const parts = split(candidate, weights);
      if (parts.length < 2 || components.length - 1 + parts.length > budget) continue;
      components = components.filter((c) => c !== candidate).concat(parts);
      done = false;
      break;
    }
    if (done) break;
  }
  components.sort(
    (a, b) => compareStrings(a.path, b.path) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind],
  );
  return { components, merged };
}

import { isRecord } from '../scan/jsonc.js';
import { maskSource, STR, SYNTAX } from '../scan/mask.js';
import { basename, dirname, joinPath } from '../../facts/paths.js';
import { type RepoIndex } from '../scan/repo-index.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

interface RustFile {
  mods: Array<{ name: string; path: string | null }>;
  /** `use` trees expanded to paths, plus qualified paths written inline (`crate::a::f()`). */
  paths: string[];
}

const MOD = new RegExp(
  `(?:#\\[path\\s*=\\s*${STR}\\s*\\]\\s*)?(?:pub(?:\\([^)]*\\))?\\s+)?(?<![\\w])mod\\s+(\\w+)\\s*;`,
  'g',
);
const USE = /(?<![\w])use\s+([^;]+);/g;
const EXTERN = /(?<![\w])extern\s+crate\s+(\w+)/g;
const INLINE = /(?<![\w:])((?:crate|self|super|[a-z_]\w*)(?:::\w+)+)/g;
const STD = new Set(['std', 'core', 'alloc', 'proc_macro', 'test']);

function splitTopLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let k = 0; k < list.length; k++) {
    if (list[k] === '{') depth++;
    else if (list[k] === '}') depth--;
    else if (list[k] === ',' && depth === 0) {
      out.push(list.slice(start, k));
      start = k + 1;
    }
  }
  out.push(list.slice(start));
  return out.filter(Boolean);
}

/** `crate::a::{b, c::{d as e, self}}` → crate::a::b, crate::a::c::d, crate::a::c. */
export function expandUseTree(tree: string, prefix = '', out: string[] = []): string[] {
  const clean = tree
    .replace(/\s+as\s+\w+/g, '')
    .replace(/\s+/g, '')
    .replace(/^::/, '');
  const join = (a: string, b: string) => (a && b ? `${a}::${b}` : a || b);
  const brace = clean.indexOf('{');
  if (brace < 0) {
    if (clean) out.push(join(prefix, clean.replace(/::\*$/, '')));
    return out;
  }
  const base = join(prefix, clean.slice(0, brace).replace(/::$/, ''));
  for (const item of splitTopLevel(clean.slice(brace + 1, clean.lastIndexOf('}')))) {
    if (item === 'self') out.push(base);
    else expandUseTree(item, base, out);
  }
  return out;
}

interface Crate {
  dir: string;
  name: string;
  lib: string | null;
}

async function readCrates(index: RepoIndex): Promise<Crate[]> {
  const crates: Crate[] = [];
  for (const manifest of index.files) {
    if (basename(manifest) !== 'Cargo.toml' || isThirdPartyPath(manifest)) continue;
    const toml = await index.readToml(manifest);
    const pkg = toml?.package;
    if (!isRecord(pkg)) continue;
    const dir = dirname(manifest);
    const libPath = isRecord(toml!.lib) ? toml!.lib.path : undefined;
    const lib = joinPath(dir, typeof libPath === 'string' ? libPath : 'src/lib.rs');
    crates.push({
      dir,
      name: (typeof pkg.name === 'string' ? pkg.name : basename(dir)).replaceAll('-', '_'),
      lib: lib && index.has(lib) ? lib : null,
    });
  }
  return crates;
}

/** The innermost crate whose directory holds `path`. */
function owningCrate(crates: Crate[], path: string): Crate | undefined {
  return crates
    .filter((c) => c.dir === '' || path.startsWith(c.dir + '/'))
    .sort((a, b) => b.dir.length - a.dir.length)[0];
}

/** Files that start a crate's module tree: lib, main, bins, build script, examples, tests, benches. */
function crateRoots(index: RepoIndex, crate: Crate): string[] {
  const under = (rel: string) => joinPath(crate.dir, rel)!;
  const roots = [crate.lib, under('src/main.rs'), under('build.rs')].filter(
    (p): p is string => p !== null && index.has(p),
  );
  for (const folder of ['src/bin', 'examples', 'tests', 'benches']) {
    const dir = under(folder);
    roots.push(...index.filesIn(dir).filter((f) => f.endsWith('.rs')));
    for (const f of index.files)
      if (f.startsWith(dir + '/') && f.endsWith('/main.rs') && dirname(dirname(f)) === dir)
        roots.push(f);
  }
  return roots;
}

/**
 * Rust: the module tree is followed from each crate root through `mod x;` (x.rs or x/mod.rs,
 * `#[path]` honoured), then `crate::`, `self::`, `super::` and child-module paths are walked down
 * that tree; a path starting with another crate of the repository (by Cargo name, `-` read as `_`)
 * walks that crate's lib. Anything else is an external crate. None of these references has a load
 * order, so none closes a dependency cycle (docs/analysis/diagram.md).
 */
export const rust: LanguageModule = {
  id: 'rust',
  matches: (path) => path.endsWith('.rs'),
  createSession({ index }) {
    const files = new Map<string, RustFile>();
    return {
      scan(path, text) {
        const masked = maskSource(text, SYNTAX.rust);
        const mods = [...masked.code.matchAll(MOD)].map((m) => ({
          name: m[2]!,
          path: m[1] === undefined ? null : (masked.strings[Number(m[1])] ?? null),
        }));
        const paths = new Set<string>();
        for (const m of masked.code.matchAll(USE))
          for (const p of expandUseTree(m[1]!)) paths.add(p);
        for (const m of masked.code.matchAll(EXTERN)) paths.add(m[1]!);
        for (const m of masked.code.matchAll(INLINE)) paths.add(m[1]!);
        files.set(path, { mods, paths: [...paths] });
        return masked;
      },
      async resolveAll() {
        const crates = await readCrates(index);
        const roots = new Map<string, Crate>();
        for (const crate of crates)
          for (const root of crateRoots(index, crate)) roots.set(root, crate);
        const childDir = (file: string) =>
          roots.has(file) || basename(file) === 'mod.rs'
            ? dirname(file)
            : joinPath(dirname(file), basename(file).slice(0, -3))!;
        const modFile = (file: string, mod: RustFile['mods'][number]): string | null => {
          if (mod.path !== null) {
            const p = joinPath(dirname(file), mod.path);
            return p && index.has(p) ? p : null;
          }
          const dir = childDir(file);
          return (
            [joinPath(dir, `${mod.name}.rs`)!, joinPath(dir, `${mod.name}/mod.rs`)!].find((p) =>
              index.has(p),
            ) ?? null
          );
        };
        // Module tree: which root (crate) and which parent module each file belongs to.
        const parent = new Map<string, string>();
        const rootOf = new Map<string, string>();
        // (module file, child name) → child file, so `#[path]` modules are found by name later.
        const childOf = new Map<string, string>();
        for (const [file, facts] of files) {
          for (const mod of facts.mods) {
            const child = modFile(file, mod);
            if (child) childOf.set(`${file}\0${mod.name}`, child);
          }
        }
        for (const root of [...roots.keys()].sort()) {
          const queue = [root];
          if (!rootOf.has(root)) rootOf.set(root, root);
          while (queue.length) {
            const file = queue.shift()!;
            for (const mod of files.get(file)?.mods ?? []) {
              const child = modFile(file, mod);
              if (!child || rootOf.has(child)) continue;
              rootOf.set(child, root);
              parent.set(child, file);
              queue.push(child);
            }
          }
        }
        const walk = (file: string, dir: string, segs: string[]): string => {
          for (const seg of segs) {
            const next =
              childOf.get(`${file}\0${seg}`) ??
              [joinPath(dir, `${seg}.rs`)!, joinPath(dir, `${seg}/mod.rs`)!].find((p) =>
                index.has(p),
              );
            if (!next) break;
            file = next;
            dir = joinPath(dir, seg)!;
          }
          return file;
        };
        const byName = new Map(crates.map((c) => [c.name, c]));
        const resolvePath = (from: string, path: string, externals: string[]): string | null => {
          const segs = path.split('::');
          const head = segs[0]!;
          if (head === 'crate') {
            const root = rootOf.get(from) ?? owningCrate(crates, from)?.lib;
            return root ? walk(root, dirname(root), segs.slice(1)) : null;
          }
          if (head === 'self') return walk(from, childDir(from), segs.slice(1));
          if (head === 'super') {
            let file = from;
            let k = 0;
            while (segs[k] === 'super') {
              const up = parent.get(file);
              if (!up) return null;
              file = up;
              k++;
            }
            return walk(file, childDir(file), segs.slice(k));
          }
          const dir = childDir(from);
          if (
            index.has(joinPath(dir, `${head}.rs`)!) ||
            index.has(joinPath(dir, `${head}/mod.rs`)!)
          ) {
            return walk(from, dir, segs);
          }
          const crate = byName.get(head);
          if (crate?.lib) return walk(crate.lib, dirname(crate.lib), segs.slice(1));
          if (!STD.has(head) && /^[a-z_]\w*$/.test(head)) externals.push(`cargo:${head}`);
          return null;
        };
        const out = new Map<string, ResolvedImports>();
        for (const [path, file] of files) {
          const targets = file.mods
            .map((mod) => modFile(path, mod))
            .filter((p): p is string => p !== null);
          const externals: string[] = [];
          for (const p of file.paths) {
            const target = resolvePath(path, p, externals);
            if (target) targets.push(target);
          }
          const imports = resolved(path, file.mods.length + file.paths.length, targets, externals);
          // `mod x;` is containment, a crate's modules compile as one unit with no load order, and
          // Cargo refuses cycles between crates: these arrows never close a cycle.
          out.set(path, { ...imports, unordered: imports.targets });
        }
        return out;
      },
    };
  },
};

import { maskSource, STR, SYNTAX } from '../scan/mask.js';
import { basename, compareStrings, dirname, isUnder, joinPath } from '../../facts/paths.js';
import { type RepoIndex } from '../scan/repo-index.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

/** One import: `level` leading dots (0 = absolute), the module, and the names `from … import` lists. */
interface PyImport {
  level: number;
  module: string;
  names: string[];
  /** Inside an `if TYPE_CHECKING:` block: read by type checkers only, never run. */
  typeOnly: boolean;
}

const TYPE_CHECKING_IF = /^([ \t]*)if[ \t]+(?:typing\.|t\.)?TYPE_CHECKING[ \t]*:[ \t]*$/;

/**
 * The code split into what runs and what sits under `if TYPE_CHECKING:` (the block is the lines
 * indented deeper than the `if`; an `else:` at the `if`'s own level runs). Lines are blanked, not
 * removed, so each part keeps the other's line numbers.
 */
function splitTypeChecking(code: string): { runtime: string; typeOnly: string } {
  const lines = code.split('\n');
  const runtime: string[] = [];
  const typeOnly: string[] = [];
  let blockIndent: number | null = null;
  for (const line of lines) {
    const indent = /^[ \t]*/.exec(line)![0].length;
    if (blockIndent !== null && (!/\S/.test(line) || indent > blockIndent)) {
      typeOnly.push(line);
      runtime.push('');
      continue;
    }
    blockIndent = null;
    const opener = TYPE_CHECKING_IF.exec(line);
    if (opener) blockIndent = opener[1]!.length;
    runtime.push(line);
    typeOnly.push('');
  }
  return { runtime: runtime.join('\n'), typeOnly: typeOnly.join('\n') };
}

const IMPORT = /^[ \t]*import[ \t]+([^\n;]+)/gm;
const FROM = /^[ \t]*from[ \t]+(\.*)[ \t]*([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]*)/gm;
const DYNAMIC = new RegExp(`(?:import_module|__import__)\\s*\\(\\s*${STR}`, 'g');

export function extractPyImports(code: string, strings: string[]): PyImport[] {
  const { runtime, typeOnly } = splitTypeChecking(code);
  return [
    ...extractFrom(runtime, strings, false),
    ...extractFrom(typeOnly, strings, true),
  ];
}

function extractFrom(code: string, strings: string[], typeOnly: boolean): PyImport[] {
  // Backslash continuations joined so `from a import b, \\\n c` reads as one statement.
  const text = code.replace(/\\\r?\n/g, ' ');
  const out: PyImport[] = [];
  for (const m of text.matchAll(IMPORT)) {
    for (const part of m[1]!.split(',')) {
      const module = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (/^[\w.]+$/.test(module)) out.push({ level: 0, module, names: [], typeOnly });
    }
  }
  for (const m of text.matchAll(FROM)) {
    const names = m[3]!
      .replace(/[()]/g, ' ')
      .split(',')
      .map((n) =>
        n
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter((n) => /^\w+$/.test(n));
    out.push({ level: m[1]!.length, module: m[2]!, names, typeOnly });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    const module = strings[Number(m[1])];
    if (module && /^[\w.]+$/.test(module)) out.push({ level: 0, module, names: [], typeOnly });
  }
  return out;
}

/**
 * Directories absolute imports are looked up in, most likely first: the parents of top-level
 * packages (a dir with __init__.py whose parent has none), project roots (pyproject.toml, setup.py,
 * setup.cfg) and their `src/`, the repository root and `src/`.
 */
function packageRoots(index: RepoIndex, files: string[]): string[] {
  const roots = new Set<string>();
  for (const path of files) {
    if (basename(path) !== '__init__.py') continue;
    let dir = dirname(path);
    while (dir && index.has(joinPath(dirname(dir), '__init__.py')!) && dirname(dir) !== dir)
      dir = dirname(dir);
    if (dir) roots.add(dirname(dir));
  }
  for (const path of index.files) {
    if (
      /^(?:pyproject\.toml|setup\.py|setup\.cfg)$/.test(basename(path)) &&
      !isThirdPartyPath(path)
    ) {
      roots.add(dirname(path));
      roots.add(joinPath(dirname(path), 'src')!);
    }
  }
  roots.add('');
  roots.add('src');
  return [...roots].filter((root) => index.isDir(root)).sort(compareStrings);
}

export const python: LanguageModule = {
  id: 'python',
  matches: (path) => /\.pyi?$/.test(path),
  createSession({ index }) {
    const files = new Map<string, PyImport[]>();
    return {
      scan(path, text) {
        const masked = maskSource(text, SYNTAX.python);
        files.set(path, extractPyImports(masked.code, masked.strings));
        return masked;
      },
      async resolveAll() {
        const roots = packageRoots(index, [...files.keys()]);
        const moduleFile = (dir: string | null, module: string): string | null => {
          if (dir === null) return null;
          const base = module ? joinPath(dir, module.replaceAll('.', '/')) : dir;
          if (base === null) return null;
          for (const candidate of [
            `${base}.py`,
            `${base}.pyi`,
            `${base}/__init__.py`,
            `${base}/__init__.pyi`,
          ]) {
            if (index.has(candidate)) return candidate;
          }
          return null;
        };
        /** The module itself, or a submodule when `from pkg import mod` names one. */
        const targetsIn = (dir: string | null, imp: PyImport): string[] => {
          const subs = imp.names.map((name) =>
            moduleFile(dir, imp.module ? `${imp.module}.${name}` : name),
          );
          const found = subs.filter((s): s is string => s !== null);
          if (found.length === imp.names.length && found.length) return found;
          const own = moduleFile(dir, imp.module);
          return own ? [own, ...found] : found;
        };
        const out = new Map<string, ResolvedImports>();
        for (const [path, imports] of files) {
          const here = dirname(path);
          const ordered = [
            ...roots.filter((r) => isUnder(path, r)).reverse(),
            ...roots.filter((r) => !isUnder(path, r)),
            here,
          ];
          const runtime: string[] = [];
          const typeOnly: string[] = [];
          const externals: string[] = [];
          for (const imp of imports) {
            const targets = imp.typeOnly ? typeOnly : runtime;
            if (imp.level > 0) {
              let dir: string | null = here;
              for (let up = 1; up < imp.level && dir !== null; up++)
                dir = dir ? dirname(dir) : null;
              targets.push(...targetsIn(dir, imp));
              continue;
            }
            let hit: string[] = [];
            // Longest module path first: `import a.b.c` is a.b.c if it exists, else a.b, else a.
            const parts = imp.module.split('.');
            for (const root of ordered) {
              for (let n = parts.length; n > 0 && !hit.length; n--) {
                hit = targetsIn(root, {
                  ...imp,
                  module: parts.slice(0, n).join('.'),
                  names: n === parts.length ? imp.names : [],
                });
              }
              if (hit.length) break;
            }
            if (hit.length) targets.push(...hit);
            else externals.push(`py:${imp.module}`);
          }
          out.set(path, resolved(path, imports.length, runtime, externals, typeOnly));
        }
        return out;
      },
    };
  },
};

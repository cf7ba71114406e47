import { maskSource, STR, SYNTAX } from '../scan/mask.js';
import { basename, compareStrings, dirname, isUnder, joinPath } from '../../facts/paths.js';
import { type RepoIndex } from '../scan/repo-index.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

/**
 * When an import runs: as the module loads (`load`), when the function around it is called
 * (`deferred`: Python's own way to break an import cycle), or never (`type`: under
 * `if TYPE_CHECKING:`, read by type checkers only).
 */
type Phase = 'load' | 'deferred' | 'type';

/** One import: `level` leading dots (0 = absolute), the module, and the names `from … import` lists. */
interface PyImport {
  level: number;
  module: string;
  names: string[];
  phase: Phase;
}

const TYPE_CHECKING_IF = /^([ \t]*)if[ \t]+(?:typing\.|t\.)?TYPE_CHECKING[ \t]*:/;
const DEF = /^([ \t]*)(?:async[ \t]+)?def[ \t]/;

/** Open brackets after `line`, given those open before it (strings are masked already). */
function bracketDepthAfter(line: string, depth: number): number {
  let open = depth;
  for (const ch of line) {
    if (ch === '(' || ch === '[' || ch === '{') open++;
    else if ((ch === ')' || ch === ']' || ch === '}') && open > 0) open--;
  }
  return open;
}

/**
 * The code split by phase. A block is the lines indented deeper than its opener (`if
 * TYPE_CHECKING:`, `def`); an `else:` at the `if`'s own level runs. Lines are blanked, not removed,
 * so every part keeps the line numbers.
 */
function splitByPhase(code: string): Record<Phase, string> {
  const parts: Record<Phase, string[]> = { load: [], deferred: [], type: [] };
  const open: Array<{ indent: number; phase: Phase }> = [];
  // Lines inside brackets continue a statement (a signature's closing `) -> T:` line sits at the
  // `def`'s own indent), so only lines starting outside brackets open or close blocks.
  let depth = 0;
  for (const line of code.split('\n')) {
    const indent = /^[ \t]*/.exec(line)![0].length;
    const continued = depth > 0;
    depth = bracketDepthAfter(line, depth);
    if (/\S/.test(line) && !continued)
      while (open.length && indent <= open.at(-1)!.indent) open.pop();
    const phase = open.some((b) => b.phase === 'type') ? 'type' : (open.at(-1)?.phase ?? 'load');
    for (const key of ['load', 'deferred', 'type'] as const)
      parts[key].push(key === phase ? line : '');
    const opener = continued ? null : (TYPE_CHECKING_IF.exec(line) ?? DEF.exec(line));
    if (opener)
      open.push({
        indent: opener[1]!.length,
        phase: opener[0].includes('TYPE_CHECKING') ? 'type' : 'deferred',
      });
  }
  return {
    load: parts.load.join('\n'),
    deferred: parts.deferred.join('\n'),
    type: parts.type.join('\n'),
  };
}

const IMPORT = /^[ \t]*import[ \t]+([^\n;]+)/gm;
const FROM = /^[ \t]*from[ \t]+(\.*)[ \t]*([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n;]*)/gm;
const DYNAMIC = new RegExp(`(?:import_module|__import__)\\s*\\(\\s*${STR}`, 'g');

export function extractPyImports(code: string, strings: string[]): PyImport[] {
  const parts = splitByPhase(code);
  return (['load', 'deferred', 'type'] as const).flatMap((phase) =>
    extractFrom(parts[phase], strings, phase),
  );
}

function extractFrom(code: string, strings: string[], phase: Phase): PyImport[] {
  // Backslash continuations joined so `from a import b, \\\n c` reads as one statement.
  const text = code.replace(/\\\r?\n/g, ' ');
  const out: PyImport[] = [];
  for (const m of text.matchAll(IMPORT)) {
    for (const part of m[1]!.split(',')) {
      const module = part
        .trim()
        .split(/\s+as\s+/)[0]!
        .trim();
      if (/^[\w.]+$/.test(module)) out.push({ level: 0, module, names: [], phase });
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
    out.push({ level: m[1]!.length, module: m[2]!, names, phase });
  }
  for (const m of text.matchAll(DYNAMIC)) {
    const module = strings[Number(m[1])];
    if (module && /^[\w.]+$/.test(module)) out.push({ level: 0, module, names: [], phase });
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
          const byPhase: Record<Phase, string[]> = { load: [], deferred: [], type: [] };
          const externals: string[] = [];
          for (const imp of imports) {
            const targets = byPhase[imp.phase];
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
          out.set(
            path,
            resolved(path, imports.length, byPhase.load, externals, byPhase.type, byPhase.deferred),
          );
        }
        return out;
      },
    };
  },
};

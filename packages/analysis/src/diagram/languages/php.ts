import { isRecord } from '../scan/jsonc.js';
import { maskSource, STR, SYNTAX } from '../scan/mask.js';
import { basename, dirname, joinPath } from '../../facts/paths.js';
import { type RepoIndex } from '../scan/repo-index.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import { TypeIndex, typeIdentifiers } from './type-index.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

interface PhpFile {
  namespace: string;
  names: string[];
  includes: Array<{ spec: string; fromDir: boolean }>;
  identifiers: Set<string>;
}

const NAMESPACE = /(?<![\w\\$])namespace\s+([\w\\]+)\s*[;{]/;
const DECLARATION =
  /(?<![\w$:>\\])(?:class|interface|trait|enum)\s+(?!extends\b|implements\b)([A-Za-z_]\w*)/g;
const USE = /^[ \t]*use[ \t]+(?:function[ \t]+|const[ \t]+)?([^;(]+);/gm;
const QUALIFIED = /(?<![\w\\$])\\([A-Za-z_]\w*(?:\\[A-Za-z_]\w*)+)/g;
const INCLUDE = new RegExp(
  `(?<![\\w$])(?:require|include)(?:_once)?\\s*\\(?\\s*((?:__DIR__|dirname\\s*\\(\\s*__FILE__\\s*\\))\\s*\\.\\s*)?${STR}`,
  'g',
);

/** Only `<?php … ?>` regions are PHP; heredoc bodies are blanked so their quotes cannot mislead. */
function phpRegions(text: string): string {
  let out = '';
  let k = 0;
  while (k < text.length) {
    const open = text.slice(k).search(/<\?(?:php\b|=)/i);
    if (open < 0) break;
    out += text.slice(k, k + open).replace(/[^\n]/g, ' ');
    const start = k + open;
    const close = text.indexOf('?>', start);
    const end = close < 0 ? text.length : close + 2;
    out += text.slice(start, end);
    k = end;
  }
  return out.replace(/<<<[ \t]*(['"]?)(\w+)\1\r?\n([\s\S]*?)\r?\n[ \t]*\2\b/g, (whole) =>
    whole.replace(/[^\n]/g, ' '),
  );
}

/** `A\B\{C, D as E}` or `A\B, C\D as X` → fully qualified names. */
function expandUse(clause: string): string[] {
  const clean = clause.replace(/\s+as\s+\w+/gi, '').replace(/\s+/g, '');
  const brace = clean.indexOf('{');
  const names =
    brace < 0
      ? clean.split(',')
      : clean
          .slice(brace + 1, clean.lastIndexOf('}'))
          .split(',')
          .map((item) => clean.slice(0, brace) + item);
  return names.map((n) => n.replace(/^\\/, '')).filter((n) => /^[\w\\]+$/.test(n));
}

async function psr4Roots(index: RepoIndex): Promise<Array<[string, string]>> {
  const roots: Array<[string, string]> = [];
  for (const path of index.files) {
    if (basename(path) !== 'composer.json' || isThirdPartyPath(path)) continue;
    const json = await index.readJson(path);
    if (!isRecord(json)) continue;
    for (const key of ['autoload', 'autoload-dev']) {
      const autoload = json[key];
      const map = isRecord(autoload) ? autoload['psr-4'] : undefined;
      if (!isRecord(map)) continue;
      for (const [prefix, dirs] of Object.entries(map)) {
        for (const dir of [dirs].flat()) {
          const full = typeof dir === 'string' ? joinPath(dirname(path), dir) : null;
          if (full !== null) roots.push([prefix, full]);
        }
      }
    }
  }
  return roots.sort((a, b) => b[0].length - a[0].length || (a[1] < b[1] ? -1 : 1));
}

/**
 * PHP: `use` names classes; composer.json PSR-4 prefixes map them to paths, and classes outside
 * PSR-4 are found by the namespace and class each file declares. `require`/`include` with a literal
 * path (optionally `__DIR__ .`) resolve relative to the file, then to the repository root.
 */
export const php: LanguageModule = {
  id: 'php',
  matches: (path) => path.endsWith('.php'),
  createSession({ index }) {
    const files = new Map<string, PhpFile>();
    const types = new TypeIndex('\\');
    return {
      scan(path, text) {
        const masked = maskSource(phpRegions(text), SYNTAX.php);
        const namespace = NAMESPACE.exec(masked.code)?.[1] ?? '';
        types.add(
          path,
          namespace,
          [...masked.code.matchAll(DECLARATION)].map((m) => m[1]!),
        );
        const names = [...masked.code.matchAll(USE)].flatMap((m) => expandUse(m[1]!));
        names.push(...[...masked.code.matchAll(QUALIFIED)].map((m) => m[1]!));
        const includes = [...masked.code.matchAll(INCLUDE)]
          .map((m) => ({ spec: masked.strings[Number(m[2])] ?? '', fromDir: m[1] !== undefined }))
          .filter((inc) => inc.spec !== '');
        files.set(path, {
          namespace,
          names: [...new Set(names)],
          includes,
          identifiers: typeIdentifiers(masked.code),
        });
        return masked;
      },
      async resolveAll() {
        const roots = await psr4Roots(index);
        const resolveClass = (name: string): string[] => {
          for (const [prefix, dir] of roots) {
            if (!name.startsWith(prefix)) continue;
            const file = joinPath(dir, name.slice(prefix.length).replaceAll('\\', '/') + '.php');
            if (file && index.has(file)) return [file];
          }
          const declared = types.resolveType(name);
          if (declared.length) return declared;
          return types.hasNamespace(name) ? [types.representative(name)!] : [];
        };
        const out = new Map<string, ResolvedImports>();
        for (const [path, file] of files) {
          const targets = types.referenced(file.namespace, file.identifiers);
          const externals: string[] = [];
          for (const name of file.names) {
            let hit = resolveClass(name);
            // A bare `use Trait;` inside a class is relative to the file's namespace.
            if (!hit.length && !name.includes('\\') && file.namespace)
              hit = resolveClass(`${file.namespace}\\${name}`);
            if (hit.length) targets.push(...hit);
            else externals.push(`php:${name}`);
          }
          for (const inc of file.includes) {
            const rel = inc.fromDir ? inc.spec.replace(/^\/+/, '') : inc.spec;
            const candidates = inc.fromDir
              ? [joinPath(dirname(path), rel)]
              : [joinPath(dirname(path), rel), joinPath('', rel)];
            const hit = candidates.find((c): c is string => c !== null && index.has(c));
            if (hit) targets.push(hit);
          }
          out.set(
            path,
            resolved(path, file.names.length + file.includes.length, targets, externals),
          );
        }
        return out;
      },
    };
  },
};

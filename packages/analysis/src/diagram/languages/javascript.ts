import { maskSource, STR, stringAt, SYNTAX, type Masked } from '../scan/mask.js';
import { extname } from '../../facts/paths.js';
import { createJsResolver } from './js-resolver.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

const SOURCE = /\.(?:[cm]?[jt]sx?|vue|svelte|astro)$/i;

// Run on masked text: comments are gone and every string literal is a placeholder, so a
// specifier is always a real literal and a commented-out import never matches.
const PATTERNS = [
  // import x from 's', import type { T } from 's', export * as ns from 's', export { a } from 's'
  new RegExp(
    `(?<![\\w$.])(?:import|export)\\b\\s*(?:type\\b\\s*)?[\\w$*{},\\s]*?\\bfrom\\s*${STR}`,
    'g',
  ),
  // import 's' (side effect)
  new RegExp(`(?<![\\w$.])import\\s*${STR}`, 'g'),
  // require('s'), import x = require('s')
  new RegExp(`(?<![\\w$.])require\\s*\\(\\s*${STR}\\s*\\)`, 'g'),
  // import('s') (dynamic)
  new RegExp(`(?<![\\w$.])import\\s*\\(\\s*${STR}\\s*[,)]`, 'g'),
];

/** Only the script parts of single-file components carry imports; markup may hold stray quotes. */
function scriptOf(path: string, text: string): string {
  const ext = extname(path);
  if (ext !== '.vue' && ext !== '.svelte' && ext !== '.astro') return text;
  const parts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>/gi)].map((m) => m[1]!);
  if (ext === '.astro') {
    const front = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (front) parts.unshift(front[1]!);
  }
  return parts.join('\n');
}

/**
 * One import or re-export; `typeOnly` when TypeScript erases it (nothing loads at run time),
 * `deferred` for a dynamic `import()` (loads when that code runs, never while modules load).
 */
export interface JsImport {
  spec: string;
  typeOnly: boolean;
  deferred: boolean;
}

/**
 * `import type …`, `export type … from`, or braces whose every name is marked `type`
 * (`import { type A, type B } from`). `import type from 's'` imports a default named "type".
 */
function isTypeOnly(statement: string): boolean {
  if (/^(?:import|export)\s+type\b\s*(?!from\b)[\w$*{]/.test(statement)) return true;
  const braces = /^import\s*\{([^}]*)\}\s*from\b/.exec(statement);
  if (!braces) return false;
  const names = braces[1]!
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => /^type\s+[\w$]/.test(name));
}

export function extractJsImports(
  path: string,
  text: string,
): { masked: Masked; imports: JsImport[] } {
  const masked = maskSource(scriptOf(path, text), SYNTAX.js);
  const imports: JsImport[] = [];
  PATTERNS.forEach((pattern, k) => {
    for (const m of masked.code.matchAll(pattern)) {
      const spec = stringAt(masked, m[1]);
      if (spec !== undefined)
        imports.push({ spec, typeOnly: k === 0 && isTypeOnly(m[0]), deferred: k === 3 });
    }
  });
  return { masked, imports };
}

/** The npm package a bare specifier names (`@scope/name` or `name`), keeping the subpath for rules. */
function externalTag(spec: string): string | null {
  if (spec.startsWith('.') || spec.startsWith('/') || spec.startsWith('#') || spec.includes('${'))
    return null;
  if (/^[a-z][\w+.-]*:/i.test(spec)) return null; // node:fs, https://..., virtual:...
  return `npm:${spec.replace(/\?.*$/, '')}`;
}

export const javascript: LanguageModule = {
  id: 'javascript',
  matches: (path) => SOURCE.test(path),
  createSession(context) {
    const files = new Map<string, JsImport[]>();
    return {
      scan(path, text) {
        const { masked, imports } = extractJsImports(path, text);
        files.set(path, imports);
        return masked;
      },
      async resolveAll() {
        const resolve = await createJsResolver(context);
        const out = new Map<string, ResolvedImports>();
        for (const [path, imports] of files) {
          const targets: string[] = [];
          const typeOnly: string[] = [];
          const deferred: string[] = [];
          const externals: string[] = [];
          for (const { spec, typeOnly: erased, deferred: later } of imports) {
            const target = resolve(path, spec);
            if (target) (erased ? typeOnly : later ? deferred : targets).push(target);
            else {
              const tag = externalTag(spec);
              if (tag) externals.push(tag);
            }
          }
          out.set(path, resolved(path, imports.length, targets, externals, typeOnly, deferred));
        }
        return out;
      },
    };
  },
};

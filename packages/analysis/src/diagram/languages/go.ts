import { maskSource, STR, SYNTAX } from '../scan/mask.js';
import { basename, dirname, joinPath } from '../../facts/paths.js';
import { isThirdPartyPath } from '../../facts/third-party.js';
import { goModulePath } from '../workspaces.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

const SINGLE = new RegExp(`(?<![\\w.])import\\s+(?:[\\w.]+\\s+)?${STR}`, 'g');
const BLOCK = /(?<![\w.])import\s*\(([^)]*)\)/g;
const IN_BLOCK = new RegExp(STR, 'g');

export function extractGoImports(code: string, strings: string[]): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(SINGLE)) out.push(strings[Number(m[1])]!);
  for (const block of code.matchAll(BLOCK)) {
    for (const m of block[1]!.matchAll(IN_BLOCK)) out.push(strings[Number(m[1])]!);
  }
  return out.filter((spec) => spec !== undefined);
}

/**
 * Go imports name packages (directories) by module path: each go.mod maps its `module` path to its
 * directory, and the longest module path that prefixes an import wins. A package is a directory,
 * so the edge lands on its first non-test file (components never split a directory).
 */
export const go: LanguageModule = {
  id: 'go',
  matches: (path) => path.endsWith('.go'),
  createSession({ index }) {
    const files = new Map<string, string[]>();
    return {
      scan(path, text) {
        const masked = maskSource(text, SYNTAX.go);
        files.set(path, extractGoImports(masked.code, masked.strings));
        return masked;
      },
      async resolveAll() {
        const modules: Array<{ path: string; dir: string }> = [];
        for (const file of index.files) {
          if (basename(file) !== 'go.mod' || isThirdPartyPath(file)) continue;
          const module = goModulePath((await index.readManifest(file)) ?? '');
          if (module) modules.push({ path: module, dir: dirname(file) });
        }
        modules.sort((a, b) => b.path.length - a.path.length || (a.dir < b.dir ? -1 : 1));
        const packageFile = (spec: string): string | null => {
          const module = modules.find((m) => spec === m.path || spec.startsWith(m.path + '/'));
          if (!module) return null;
          const dir = joinPath(module.dir, spec.slice(module.path.length + 1));
          if (dir === null) return null;
          const goFiles = index.filesIn(dir).filter((f) => f.endsWith('.go'));
          return goFiles.find((f) => !f.endsWith('_test.go')) ?? goFiles[0] ?? null;
        };
        const out = new Map<string, ResolvedImports>();
        for (const [path, specs] of files) {
          const targets: string[] = [];
          const externals: string[] = [];
          for (const spec of specs) {
            const target = packageFile(spec);
            if (target) targets.push(target);
            else if (!modules.some((m) => spec === m.path || spec.startsWith(m.path + '/'))) {
              externals.push(`go:${spec}`);
            }
          }
          out.set(path, resolved(path, specs.length, targets, externals));
        }
        return out;
      },
    };
  },
};

import { maskSource, SYNTAX } from '../scan/mask.js';
import { basename } from '../../facts/paths.js';
import { TypeIndex, typeIdentifiers } from './type-index.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

interface JvmFile {
  pkg: string;
  imports: Array<{ name: string; wildcard: boolean; isStatic: boolean }>;
  identifiers: Set<string>;
}

const PACKAGE = /^\s*package\s+([\w.]+)/m;
const IMPORT =
  /^[ \t]*import[ \t]+(static[ \t]+)?([\w.]+?)(\.\*)?(?:[ \t]+as[ \t]+\w+)?[ \t]*;?[ \t]*$/gm;
const DECLARATION = /(?<![\w$.])(?:class|interface|enum|record|object|typealias)\s+([A-Za-z_]\w*)/g;

/**
 * Java and Kotlin: a file declares a package and types; imports name types (`a.b.C`), members
 * (`import static a.b.C.m`, Kotlin top-level functions) or whole packages (`a.b.*`). Files are
 * found by what they declare, not where they sit, so Kotlin files outside `a/b/` and several source
 * roots (src/main/java, src/test/kotlin, ...) all resolve. Types of the file's own package that it
 * mentions are edges too: Java needs no import for them.
 */
export const jvm: LanguageModule = {
  id: 'jvm',
  matches: (path) => /\.(?:java|kt)$/.test(path),
  createSession() {
    const files = new Map<string, JvmFile>();
    const index = new TypeIndex('.');
    return {
      scan(path, text) {
        const masked = maskSource(text, SYNTAX.jvm);
        const pkg = PACKAGE.exec(masked.code)?.[1] ?? '';
        const types = new Set([...masked.code.matchAll(DECLARATION)].map((m) => m[1]!));
        types.add(basename(path).replace(/\.\w+$/, ''));
        index.add(path, pkg, types);
        const imports = [...masked.code.matchAll(IMPORT)].map((m) => ({
          name: m[2]!,
          wildcard: m[3] !== undefined,
          isStatic: m[1] !== undefined,
        }));
        files.set(path, { pkg, imports, identifiers: typeIdentifiers(masked.code) });
        return masked;
      },
      async resolveAll() {
        const out = new Map<string, ResolvedImports>();
        for (const [path, file] of files) {
          const targets = index.referenced(file.pkg, file.identifiers);
          const externals: string[] = [];
          for (const imp of file.imports) {
            let hit: string[] = [];
            if (imp.wildcard && !imp.isStatic && index.hasNamespace(imp.name)) {
              hit = index.referenced(imp.name, file.identifiers);
              if (!hit.length) hit = [index.representative(imp.name)!];
            } else {
              hit = index.resolveType(imp.name);
              const owner = imp.name.slice(0, imp.name.lastIndexOf('.'));
              if (!hit.length && !imp.wildcard && index.hasNamespace(owner))
                hit = [index.representative(owner)!];
            }
            if (hit.length) targets.push(...hit);
            else externals.push(`jvm:${imp.name}`);
          }
          out.set(path, resolved(path, file.imports.length, targets, externals));
        }
        return out;
      },
    };
  },
};

import { maskSource, SYNTAX } from '../scan/mask.js';
import { basename, dirname } from '../../facts/paths.js';
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
 * mentions are edges too: Java needs no import for them. References across Gradle or Maven
 * modules never close a dependency cycle (docs/analysis/diagram.md).
 */
export const jvm: LanguageModule = {
  id: 'jvm',
  matches: (path) => /\.(?:java|kt)$/.test(path),
  createSession(context) {
    const files = new Map<string, JvmFile>();
    const index = new TypeIndex('.');
    const moduleOf = buildModules(context.index.files);
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
          const imports = resolved(path, file.imports.length, targets, externals);
          // Gradle and Maven refuse cycles between modules, so a reference across modules that
          // seems to close one is a package name both share or a test source: never a cycle.
          const own = moduleOf(path);
          out.set(path, {
            ...imports,
            unordered: imports.targets.filter((target) => moduleOf(target) !== own),
          });
        }
        return out;
      },
    };
  },
};

const BUILD_FILE = /^(?:build\.gradle(?:\.kts)?|pom\.xml)$/;

/** The folder of the nearest Gradle or Maven build file above each path ('' at the root). */
function buildModules(paths: readonly string[]): (path: string) => string {
  const roots = new Set(paths.filter((p) => BUILD_FILE.test(basename(p))).map(dirname));
  return (path) => {
    let dir = dirname(path);
    while (dir && !roots.has(dir)) dir = dirname(dir);
    return dir;
  };
}

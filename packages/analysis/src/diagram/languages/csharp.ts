import { maskSource, SYNTAX } from '../scan/mask.js';
import { TypeIndex, typeIdentifiers } from './type-index.js';
import { resolved, type LanguageModule, type ResolvedImports } from './types.js';

interface CsFile {
  namespaces: string[];
  usings: Array<{ name: string; isStatic: boolean }>;
  identifiers: Set<string>;
}

const NAMESPACE = /(?<![\w.])namespace\s+([\w.]+)/g;
// `using A.B;`, `global using A.B;`, `using static A.B.C;`, `using X = A.B.C;` — but not the
// `using (var x = ...)` or `using var x = ...;` statements.
const USING =
  /^[ \t]*(?:global[ \t]+)?using[ \t]+(static[ \t]+)?(?:\w+[ \t]*=[ \t]*)?([\w.]+)[ \t]*;/gm;
const DECLARATION =
  /(?<![\w.])(?:class|interface|struct|enum|record(?:\s+(?:class|struct))?)\s+([A-Za-z_]\w*)/g;

/** Each enclosing namespace of `a.b.c`: a.b.c, a.b, a — C# code sees their types without a using. */
function enclosing(namespace: string): string[] {
  const parts = namespace.split('.');
  return parts.map((_, k) => parts.slice(0, parts.length - k).join('.'));
}

/**
 * C#: `using` names namespaces, and any file may declare any namespace, so namespaces are mapped to
 * the files declaring them. A using lands on the files of that namespace whose types the file
 * mentions (the namespace's first file when it mentions none we can see); types of enclosing
 * namespaces the file mentions are edges as well. None of them has a load order, so none closes a
 * dependency cycle (docs/analysis/diagram.md).
 */
export const csharp: LanguageModule = {
  id: 'csharp',
  matches: (path) => path.endsWith('.cs'),
  createSession() {
    const files = new Map<string, CsFile>();
    const index = new TypeIndex('.');
    return {
      scan(path, text) {
        const masked = maskSource(text, SYNTAX.csharp);
        const namespaces = [...new Set([...masked.code.matchAll(NAMESPACE)].map((m) => m[1]!))];
        const types = [...masked.code.matchAll(DECLARATION)].map((m) => m[1]!);
        for (const ns of namespaces.length ? namespaces : ['']) index.add(path, ns, types);
        const usings = [...masked.code.matchAll(USING)].map((m) => ({
          name: m[2]!,
          isStatic: m[1] !== undefined,
        }));
        files.set(path, { namespaces, usings, identifiers: typeIdentifiers(masked.code) });
        return masked;
      },
      async resolveAll() {
        const out = new Map<string, ResolvedImports>();
        for (const [path, file] of files) {
          const targets: string[] = [];
          for (const ns of new Set(file.namespaces.flatMap(enclosing))) {
            targets.push(...index.referenced(ns, file.identifiers));
          }
          const externals: string[] = [];
          for (const using of file.usings) {
            let hit: string[] = [];
            if (!using.isStatic && index.hasNamespace(using.name)) {
              hit = index.referenced(using.name, file.identifiers);
              if (!hit.length) hit = [index.representative(using.name)!];
            } else hit = index.resolveType(using.name);
            if (hit.length) targets.push(...hit);
            else externals.push(`dotnet:${using.name}`);
          }
          const imports = resolved(path, file.usings.length, targets, externals);
          // A using names a namespace, not a file, an assembly compiles as one, and MSBuild refuses
          // cyclic project references: these arrows never close a cycle.
          out.set(path, { ...imports, unordered: imports.targets });
        }
        return out;
      },
    };
  },
};

import { compareStrings } from '../../facts/paths.js';

/**
 * Which files declare which types in which namespace (Java/Kotlin packages, C# namespaces, PHP
 * namespaces). Those languages import names, not files, so an import is resolved by looking the
 * name up here once every file has been scanned.
 */
export class TypeIndex {
  private readonly types = new Map<string, Map<string, string[]>>();
  private readonly files = new Map<string, string[]>();

  constructor(private readonly separator: string) {}

  add(path: string, namespace: string, types: Iterable<string>): void {
    let byType = this.types.get(namespace);
    if (!byType) this.types.set(namespace, (byType = new Map()));
    for (const type of types) {
      const list = byType.get(type) ?? [];
      if (!list.includes(path)) list.push(path);
      byType.set(type, list);
    }
    const files = this.files.get(namespace) ?? [];
    if (!files.includes(path)) files.push(path);
    this.files.set(namespace, files);
  }

  hasNamespace(namespace: string): boolean {
    return this.files.has(namespace);
  }

  /** The namespace's first file by path: where an import of the namespace as a whole lands. */
  representative(namespace: string): string | undefined {
    return [...(this.files.get(namespace) ?? [])].sort(compareStrings)[0];
  }

  /** Files of `namespace` declaring a type whose name appears among `identifiers`. */
  referenced(namespace: string, identifiers: ReadonlySet<string>): string[] {
    const out: string[] = [];
    for (const [type, paths] of this.types.get(namespace) ?? [])
      if (identifiers.has(type)) out.push(...paths);
    return out;
  }

  /**
   * Files declaring the qualified name `a.b.C` (or a type nested in it, `a.b.C.Inner`, or a static
   * member, `a.b.C.member`): the longest namespace prefix that declares the next segment wins.
   */
  resolveType(qualified: string): string[] {
    const parts = qualified.split(this.separator);
    for (let k = parts.length - 1; k >= 1; k--) {
      const found = this.types.get(parts.slice(0, k).join(this.separator))?.get(parts[k]!);
      if (found) return found;
    }
    return [];
  }
}

/** Capitalised identifiers of masked code: the type names a file could be referring to. */
export function typeIdentifiers(code: string): Set<string> {
  return new Set(code.match(/(?<![\w$])[A-Z][A-Za-z0-9_]*/g) ?? []);
}

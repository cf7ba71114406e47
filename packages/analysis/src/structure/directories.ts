import type { StructureDirectory } from '@rota/contracts';
import type { ClassifiedFile } from './classify-file.js';

/**
 * The tree summarised to a useful depth: every directory down to `maxDepth` with files, bytes and
 * code lines of everything below it. Each directory shows its `maxChildren` largest subdirectories
 * (by bytes) and rolls the others into one "rest" entry, and the whole list stays under
 * `maxEntries`: levels are filled breadth-first, the largest directories first, so what is cut is
 * always the deepest and smallest. Output is in tree order (parents before children).
 */
export interface DirectoryLimits {
  maxDepth: number;
  maxChildren: number;
  maxEntries: number;
}

interface Node {
  path: string;
  depth: number;
  files: number;
  bytes: number;
  code: number;
  languageBytes: Map<string, number>;
  children: Map<string, Node>;
}

const newNode = (path: string, depth: number): Node => ({
  path,
  depth,
  files: 0,
  bytes: 0,
  code: 0,
  languageBytes: new Map(),
  children: new Map(),
});

function add(node: Node, file: ClassifiedFile): void {
  node.files += 1;
  node.bytes += file.size;
  node.code += file.code;
  if (file.counted && file.group)
    node.languageBytes.set(file.group, (node.languageBytes.get(file.group) ?? 0) + file.size);
}

function topLanguage(byLanguage: Map<string, number>): string | null {
  let best: string | null = null;
  let bestBytes = -1;
  for (const [language, bytes] of byLanguage) {
    if (bytes > bestBytes || (bytes === bestBytes && best !== null && language < best)) {
      best = language;
      bestBytes = bytes;
    }
  }
  return best;
}

const bySize = (a: Node, b: Node) => b.bytes - a.bytes || (a.path < b.path ? -1 : 1);

function entry(node: Node): StructureDirectory {
  return {
    path: node.path,
    depth: node.depth,
    kind: 'directory',
    directories: 1,
    files: node.files,
    bytes: node.bytes,
    code: node.code,
    language: topLanguage(node.languageBytes),
  };
}

function restEntry(parent: Node, rest: Node[]): StructureDirectory {
  const languages = new Map<string, number>();
  for (const node of rest)
    for (const [language, bytes] of node.languageBytes)
      languages.set(language, (languages.get(language) ?? 0) + bytes);
  return {
    path: parent.path ? `${parent.path}/*` : '*',
    depth: parent.depth + 1,
    kind: 'rest',
    directories: rest.length,
    files: rest.reduce((sum, n) => sum + n.files, 0),
    bytes: rest.reduce((sum, n) => sum + n.bytes, 0),
    code: rest.reduce((sum, n) => sum + n.code, 0),
    language: topLanguage(languages),
  };
}

export function summarizeDirectories(
  files: readonly ClassifiedFile[],
  limits: DirectoryLimits,
): StructureDirectory[] {
  const root = newNode('', 0);
  for (const file of files) {
    add(root, file);
    let node = root;
    const parts = file.path.split('/');
    // The last part is the file itself; directories deeper than maxDepth count in their ancestor.
    for (let depth = 1; depth < parts.length && depth <= limits.maxDepth; depth += 1) {
      const name = parts[depth - 1]!;
      let child = node.children.get(name);
      if (!child) {
        child = newNode(node.path ? `${node.path}/${name}` : name, depth);
        node.children.set(name, child);
      }
      add(child, file);
      node = child;
    }
  }

  // Breadth-first, largest first: decide which directories are expanded within the budget.
  const shown = new Map<Node, { children: Node[]; rest: Node[] }>();
  let budget = limits.maxEntries - 1;
  let level: Node[] = [root];
  while (level.length && budget > 0) {
    const next: Node[] = [];
    for (const node of [...level].sort(bySize)) {
      const children = [...node.children.values()].sort(bySize);
      if (!children.length) continue;
      const visible = children.slice(0, limits.maxChildren);
      const rest = children.slice(limits.maxChildren);
      const cost = visible.length + (rest.length ? 1 : 0);
      if (cost > budget) continue;
      budget -= cost;
      shown.set(node, { children: visible, rest });
      next.push(...visible);
    }
    level = next;
  }

  const out: StructureDirectory[] = [];
  const walk = (node: Node) => {
    out.push(entry(node));
    const expanded = shown.get(node);
    if (!expanded) return;
    for (const child of expanded.children) walk(child);
    if (expanded.rest.length) out.push(restEntry(node, expanded.rest));
  };
  walk(root);
  return out;
}

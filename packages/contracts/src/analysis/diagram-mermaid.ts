import type {
  DiagramComponentNode,
  DiagramEdge,
  DiagramNode,
  DiagramRole,
  DiagramSubgraph,
  TechnicalDiagram,
} from './diagram.js';

/**
 * The Mermaid text of a diagram, written in the reader's language. The analysis stores codes,
 * numbers and names only; the web (in the UI language) and the command line (in English) pass
 * their own words here, so one renderer serves both and a stored result reads right in any
 * language.
 */
export interface DiagramWords {
  role: (role: DiagramRole) => string;
  /** "12,388 lines" / "12.388 satır": the count formatted for the language. */
  lines: (count: number) => string;
  /** The component that holds what was left once the node budget ran out. */
  otherComponent: string;
  /** The files directly at the repository root, when its folders are components of their own. */
  rootFiles: string;
  /** The group of external systems. */
  externalSystems: string;
}

/** Allowed as-is inside a quoted label: letters and digits of any script, space and a few marks. */
const SAFE = /[\p{L}\p{N} ._\-/,:@+]/u;
const MAX_LABEL = 60;

/**
 * Label text for inside `["..."]`: every character outside a small allow-list becomes a Mermaid
 * entity code (`#34;`), control and format characters become spaces, and long labels are cut. Because `#`,
 * quotes, brackets, `<`, `>`, `%`, backticks, parentheses, `;` and newlines are never emitted raw,
 * no file name can end the string, open HTML, start a directive or add a statement.
 */
export function escapeLabel(text: string): string {
  const chars = [...text];
  const cut = chars.length > MAX_LABEL ? [...chars.slice(0, MAX_LABEL - 1), '…'] : chars;
  let out = '';
  for (const ch of cut) {
    // Control and format characters (newlines, bidi overrides, zero-width) would only hide or
    // reorder text: they become spaces.
    if (/[\p{Cc}\p{Cf}]/u.test(ch)) out += ' ';
    else if (SAFE.test(ch)) out += ch;
    else out += `#${ch.codePointAt(0)};`;
  }
  return out;
}

/**
 * A component's name. The leftover component and the root's own files have no name of their own
 * (their stored label is null; results of engines before 1.3.0 stored English words there).
 */
export function componentName(
  node: Pick<DiagramComponentNode, 'componentKind' | 'path' | 'label'>,
  words: Pick<DiagramWords, 'otherComponent' | 'rootFiles'>,
): string {
  if (node.componentKind === 'other') return words.otherComponent;
  if (node.componentKind === 'files' && node.path === '') return words.rootFiles;
  return node.label ?? node.path;
}

/** A group's name: an area's folder, or the external systems (the group with only those in it). */
export function subgraphName(
  subgraph: DiagramSubgraph,
  nodes: ReadonlyMap<string, DiagramNode>,
  words: Pick<DiagramWords, 'externalSystems'>,
): string {
  const external = subgraph.nodeIds.every((id) => nodes.get(id)?.kind === 'external');
  return subgraph.label === null || external ? words.externalSystems : subgraph.label;
}

function componentText(node: DiagramComponentNode, words: DiagramWords): string {
  const role =
    words.role(node.role) +
    (node.frameworks.length ? ` (${node.frameworks.slice(0, 2).join(', ')})` : '');
  const parts = [
    componentName(node, words),
    node.language,
    node.codeLines === null ? null : words.lines(node.codeLines),
    role,
  ];
  return parts
    .filter((p): p is string => p !== null)
    .map(escapeLabel)
    .join(' · ');
}

function nodeLine(node: DiagramNode, words: DiagramWords): string {
  if (node.kind === 'component') return `${node.id}["${componentText(node, words)}"]`;
  const text = escapeLabel(node.label);
  return ['database', 'cache', 'search', 'storage'].includes(node.category)
    ? `${node.id}[("${text}")]`
    : `${node.id}(["${text}"])`;
}

/**
 * The Mermaid `flowchart LR` for a diagram. Only the analysis' generated ids ([A-Za-z0-9_]),
 * escaped labels, numeric edge labels and fixed keywords are ever written: no `click`, no `%%` (so
 * no init directive or comment), no HTML. Input order is kept, so the same diagram and words give
 * identical text.
 */
export function diagramMermaid(
  diagram: Pick<TechnicalDiagram, 'nodes' | 'edges' | 'subgraphs'>,
  words: DiagramWords,
): string {
  const lines = ['flowchart LR'];
  const byId = new Map(diagram.nodes.map((n) => [n.id, n]));
  const grouped = new Set<string>();
  for (const subgraph of diagram.subgraphs) {
    lines.push(`  subgraph ${subgraph.id}["${escapeLabel(subgraphName(subgraph, byId, words))}"]`);
    for (const id of subgraph.nodeIds) {
      const node = byId.get(id);
      if (!node) continue;
      lines.push(`    ${nodeLine(node, words)}`);
      grouped.add(id);
    }
    lines.push('  end');
  }
  for (const node of diagram.nodes)
    if (!grouped.has(node.id)) lines.push(`  ${nodeLine(node, words)}`);
  for (const edge of diagram.edges as readonly DiagramEdge[]) {
    // Dotted: no run-time import (a system used, or an import for types only); thick: in a cycle.
    const arrow = edge.kind === 'uses' || edge.typeOnly ? '-.->' : edge.inCycle ? '==>' : '-->';
    lines.push(`  ${edge.from} ${arrow}|${edge.weight}| ${edge.to}`);
  }
  const inCycle = diagram.nodes.filter((n) => n.kind === 'component' && n.inCycle).map((n) => n.id);
  const external = diagram.nodes.filter((n) => n.kind === 'external').map((n) => n.id);
  if (inCycle.length) {
    lines.push('  classDef cycle stroke:#d9534f,stroke-width:2px');
    lines.push(`  class ${inCycle.join(',')} cycle`);
  }
  if (external.length) {
    lines.push('  classDef external stroke-dasharray:4 3');
    lines.push(`  class ${external.join(',')} external`);
  }
  return lines.join('\n') + '\n';
}

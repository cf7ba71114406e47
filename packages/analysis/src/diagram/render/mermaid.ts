import type {
  DiagramComponentNode,
  DiagramEdge,
  DiagramExternalNode,
  DiagramNode,
  DiagramRole,
  DiagramSubgraph,
} from '@rota/contracts';
import { escapeLabel } from './ids.js';

const ROLE_TEXT: Record<DiagramRole, string> = {
  'entry-point': 'entry point',
  'web-ui': 'web UI',
  api: 'API',
  data: 'data',
  tests: 'tests',
  infra: 'infra',
  docs: 'docs',
  library: 'library',
  tooling: 'tooling',
};

/** 12345 → "12,345", independent of the machine's locale. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}

function componentText(node: DiagramComponentNode): string {
  const role =
    ROLE_TEXT[node.role] +
    (node.frameworks.length ? ` (${node.frameworks.slice(0, 2).join(', ')})` : '');
  const parts = [
    node.label,
    node.language,
    node.codeLines === null
      ? null
      : `${formatCount(node.codeLines)} ${node.codeLines === 1 ? 'line' : 'lines'}`,
    role,
  ];
  return parts
    .filter((p): p is string => p !== null)
    .map(escapeLabel)
    .join(' · ');
}

function externalShape(node: DiagramExternalNode): string {
  const text = escapeLabel(node.label);
  return ['database', 'cache', 'search', 'storage'].includes(node.category)
    ? `[("${text}")]`
    : `(["${text}"])`;
}

function nodeLine(node: DiagramNode): string {
  return node.kind === 'component'
    ? `${node.id}["${componentText(node)}"]`
    : `${node.id}${externalShape(node)}`;
}

/**
 * The Mermaid `flowchart LR` for a diagram. Only ids we generated ([A-Za-z0-9_]), escaped labels,
 * numeric edge labels and fixed keywords are ever written: no `click`, no `%%` (so no init
 * directive or comment), no HTML. Input order is kept, so sorted input gives identical text.
 */
export function renderMermaid(
  nodes: readonly DiagramNode[],
  edges: readonly DiagramEdge[],
  subgraphs: readonly DiagramSubgraph[],
): string {
  const lines = ['flowchart LR'];
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const grouped = new Set<string>();
  for (const subgraph of subgraphs) {
    lines.push(`  subgraph ${subgraph.id}["${escapeLabel(subgraph.label)}"]`);
    for (const id of subgraph.nodeIds) {
      const node = byId.get(id);
      if (!node) continue;
      lines.push(`    ${nodeLine(node)}`);
      grouped.add(id);
    }
    lines.push('  end');
  }
  for (const node of nodes) if (!grouped.has(node.id)) lines.push(`  ${nodeLine(node)}`);
  for (const edge of edges) {
    const arrow = edge.kind === 'uses' ? '-.->' : edge.inCycle ? '==>' : '-->';
    lines.push(`  ${edge.from} ${arrow}|${edge.weight}| ${edge.to}`);
  }
  const inCycle = nodes.filter((n) => n.kind === 'component' && n.inCycle).map((n) => n.id);
  const external = nodes.filter((n) => n.kind === 'external').map((n) => n.id);
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

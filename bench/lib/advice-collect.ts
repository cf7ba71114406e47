/**
 * The advice audit's collection (bench/corpus.ts --advice): every recommendation a leader would read
 * about one repository, taken from the CLI's JSON of all analyses, each as an item with a stable id
 * so a reviewed verdict (bench/advice-verdicts.json) keeps matching it on the next run.
 */
import {
  rankFindings,
  repositoryFindings,
  type BranchAnalysis,
  type CommunityFilesCheck,
  type DiagramComponentNode,
  type DiagramExternalNode,
  type ReadmeAnalysis,
  type ReadmeEvidence,
  type TechnicalDiagram,
} from '@rota/contracts';

export type AdviceCategory =
  | 'action'
  | 'deleteBranch'
  | 'staleBranch'
  | 'branchCounts'
  | 'releaseLine'
  | 'cycle'
  | 'external'
  | 'entryPoint'
  | 'readmeCheck';

export interface AdviceItem {
  /** Stable within a repository: category and what it names (`deleteBranch:stable`). */
  id: string;
  category: AdviceCategory;
  /** What the product says, in one line. */
  finding: string;
  /** What made it say so: paths, import lines, README lines. */
  evidence: string[];
}

export interface RepoAdvice {
  name: string;
  repo: string;
  language: string;
  commit: string;
  /** Wall seconds of `rota-analyze --json` (all kinds) on this repository. */
  cliSeconds: number;
  items: AdviceItem[];
}

export interface CliResults {
  branches: BranchAnalysis;
  readme: { readme: ReadmeAnalysis; communityFiles: CommunityFilesCheck };
  diagram: TechnicalDiagram;
}

/** Reads files of the analysed commit (the audit passes `git cat-file` on the pinned repository). */
export interface TreeReader {
  paths(): string[];
  text(path: string): string | null;
}

const MAX_LINES_PER_EDGE = 3;
const GENERIC_FOLDERS = new Set(['src', 'lib', 'test', 'tests', 'index', 'internal', 'main']);

export function collectAdvice(results: CliResults, tree: TreeReader): AdviceItem[] {
  return [
    ...actions(results),
    ...branchItems(results.branches),
    ...cycleItems(results.diagram, tree),
    ...diagramItems(results.diagram),
    ...readmeItems(results.readme.readme),
  ];
}

/** The repository as a one-repository project: the rule's ranking, first three and the rest. */
function actions(results: CliResults): AdviceItem[] {
  const findings = repositoryFindings({
    readme: results.readme,
    diagram: results.diagram,
    branches: results.branches,
  });
  const { first, others } = rankFindings([{ target: {}, findings }]);
  return [...first, ...others].map((action, index) => {
    const { figure, readme } = action.targets[0]!;
    const place = index < 3 ? `first #${index + 1}` : 'other risk';
    const what = readme
      ? `${readme.checkId ?? 'no README'} (${readme.pointsLost} points lost)`
      : String(figure);
    return {
      id: `action:${action.kind}`,
      category: 'action' as const,
      finding: `${place}: ${action.kind} — ${what}`,
      evidence: [],
    };
  });
}

function branchItems(result: BranchAnalysis): AdviceItem[] {
  const items: AdviceItem[] = [];
  // Engines that know release lines (1.5.0 on) keep them out of both lists, and say so.
  const releaseLine = (branch: (typeof result.branches)[number]) =>
    (branch as { releaseLine?: string | null }).releaseLine ?? null;
  for (const branch of result.branches.filter((b) => releaseLine(b)))
    items.push({
      id: `releaseLine:${branch.name}`,
      category: 'releaseLine',
      finding: `\`${branch.name}\` kept as a release line (by ${releaseLine(branch)})${branch.merged ? ', merged' : ''}`,
      evidence: [
        `tip ${branch.tip.slice(0, 10)} "${branch.subject}", ${branch.daysSinceLastCommit} days`,
      ],
    });
  // Every merged branch, not the summary's list: that one is capped for display.
  for (const branch of result.branches.filter((b) => b.merged && !b.isDefault && !releaseLine(b)))
    items.push({
      id: `deleteBranch:${branch.name}`,
      category: 'deleteBranch',
      finding: `delete \`${branch.name}\` (merged, last commit ${branch.daysSinceLastCommit} days ago)`,
      evidence: [`tip ${branch.tip.slice(0, 10)} "${branch.subject}"`],
    });
  const staleToReview = result.branches.filter(
    (branch) => branch.stale && !branch.merged && !branch.isDefault,
  );
  for (const branch of staleToReview)
    items.push({
      id: `staleBranch:${branch.name}`,
      category: 'staleBranch',
      finding: `review \`${branch.name}\` (${branch.daysSinceLastCommit} days, ${branch.ahead} ahead / ${branch.behind} behind)`,
      evidence: [`tip ${branch.tip.slice(0, 10)} "${branch.subject}"`],
    });
  // The same "stale" figure is read in three places; a leader must see one number.
  const listed = result.branches.filter((branch) => branch.stale).length;
  items.push({
    id: 'branchCounts:stale',
    category: 'branchCounts',
    finding: `stale: headline ${result.summary.stale}, branch list ${listed}, to review ${staleToReview.length} (default branch ${result.branches.some((b) => b.isDefault && b.stale) ? 'stale' : 'not stale'}); merged not deleted ${result.summary.mergedNotDeleted.count}; total ${result.summary.total}`,
    evidence: [`asOf ${result.asOf.slice(0, 10)}, staleDays ${result.staleDays}`],
  });
  return items;
}

type Component = DiagramComponentNode;

/** Each file's component: the component whose folder is the longest prefix of its path. */
function ownerOf(components: Component[]): (path: string) => Component | undefined {
  const sorted = [...components].sort((a, b) => b.path.length - a.path.length);
  return (path) =>
    sorted.find((component) => component.path === '' || path.startsWith(`${component.path}/`));
}

function cycleItems(diagram: TechnicalDiagram, tree: TreeReader): AdviceItem[] {
  const components = diagram.nodes.filter((node): node is Component => node.kind === 'component');
  const byId = new Map(components.map((component) => [component.id, component]));
  const owner = ownerOf(components);
  const filesOf = new Map<string, string[]>();
  for (const path of tree.paths()) {
    const component = owner(path);
    if (component) filesOf.set(component.id, [...(filesOf.get(component.id) ?? []), path]);
  }
  const label = (id: string) => byId.get(id)?.path || byId.get(id)?.label || '(root)';
  return diagram.cycles.map((cycle) => {
    const members = new Set(cycle);
    const evidence: string[] = [];
    for (const edge of diagram.edges) {
      if (edge.kind !== 'imports' || !members.has(edge.from) || !members.has(edge.to)) continue;
      // A type-only edge (engines that mark them) closes no run-time cycle.
      if ((edge as { typeOnly?: boolean }).typeOnly) continue;
      const target = byId.get(edge.to);
      const lines = target
        ? importLines(
            filesOf.get(edge.from) ?? [],
            target,
            tree,
            (path) => owner(path)?.id === target.id,
          )
        : [];
      evidence.push(
        `${label(edge.from)} → ${label(edge.to)} (${edge.weight} file pairs)${lines.length ? ':' : ': no import line found by text search'}`,
        ...lines.map((line) => `  ${line}`),
      );
    }
    const names = cycle.map(label).sort();
    return {
      id: `cycle:${names.join(' ↔ ')}`,
      category: 'cycle' as const,
      finding: `cycle between ${names.map((name) => `\`${name}\``).join(', ')}`,
      evidence,
    };
  });
}

const IMPORT_LINE =
  /^\s*(import|from|use|using|require|require_relative|include|#include|extern crate|mod)\b|\brequire\(|\bimport\(/;

/**
 * Lines of `files` that look like an import naming `target`: a relative path resolving into it, or
 * a module path (dots, `::`, slashes) ending in its folder. A text search, not the engine's own
 * resolver: it shows the reviewer where to look, and says when a line sits under `TYPE_CHECKING`.
 */
function importLines(
  files: string[],
  target: Component,
  tree: TreeReader,
  inTarget: (path: string) => boolean,
): string[] {
  const found: string[] = [];
  const tail = target.path.split('/').slice(-2);
  for (const file of files) {
    const text = tree.text(file);
    if (text == null) continue;
    const lines = text.split('\n');
    lines.forEach((line, index) => {
      if (found.length >= MAX_LINES_PER_EDGE || !IMPORT_LINE.test(line)) return;
      if (!namesTarget(line, file, target, tail, inTarget)) return;
      const guarded = underTypeChecking(lines, index) ? ' [under TYPE_CHECKING]' : '';
      found.push(`${file}:${index + 1}: ${line.trim().slice(0, 120)}${guarded}`);
    });
  }
  return found;
}

function namesTarget(
  line: string,
  file: string,
  target: Component,
  tail: string[],
  inTarget: (path: string) => boolean,
): boolean {
  const quoted = /["'`<]([^"'`>]+)["'`>]/.exec(line)?.[1];
  const dir = file.split('/').slice(0, -1);
  if (quoted?.startsWith('.')) {
    const resolved = resolve(dir, quoted);
    return resolved.startsWith(`${target.path}/`) || resolved === target.path || inTarget(resolved);
  }
  const pythonRelative = /^\s*from\s+(\.+)([\w.]*)\s+import\s+([\w, ]+)/.exec(line);
  if (pythonRelative) {
    const up = pythonRelative[1]!.length - 1;
    const base = dir.slice(0, dir.length - up);
    const module = pythonRelative[2] ? pythonRelative[2].split('.') : [];
    const names = pythonRelative[3]!.split(',').map((name) => name.trim().split(' ')[0]!);
    const paths = module.length
      ? [[...base, ...module].join('/')]
      : names.map((name) => [...base, name].join('/'));
    return paths.some(
      (path) =>
        path === target.path || path.startsWith(`${target.path}/`) || inTarget(`${path}.py`),
    );
  }
  const spec = (quoted ?? line.replace(IMPORT_LINE, ' ')).replace(/::|\\/g, '/');
  const segments = spec.split(/[^\w-]+/).filter(Boolean);
  // The folder's own name names it too (`use crate::hyperlink::…`), unless it is a generic one.
  const last = tail[tail.length - 1]!;
  return (
    segments.join('/').includes(tail.join('/')) ||
    (!GENERIC_FOLDERS.has(last) && segments.includes(last))
  );
}

function resolve(dir: string[], relative: string): string {
  const parts = [...dir];
  for (const part of relative.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The line sits in an `if TYPE_CHECKING:` block (Python imports only for the type checker). */
function underTypeChecking(lines: string[], index: number): boolean {
  const indent = /^\s*/.exec(lines[index]!)![0].length;
  if (indent === 0) return false;
  for (let i = index - 1; i >= 0; i -= 1) {
    const line = lines[i]!;
    if (!line.trim()) continue;
    const own = /^\s*/.exec(line)![0].length;
    if (own < indent) return /^\s*if\s+(typing\.|t\.)?TYPE_CHECKING\b/.test(line);
  }
  return false;
}

function diagramItems(diagram: TechnicalDiagram): AdviceItem[] {
  const items: AdviceItem[] = [];
  for (const node of diagram.nodes) {
    if (node.kind === 'external') {
      const external = node as DiagramExternalNode;
      items.push({
        id: `external:${external.system}`,
        category: 'external',
        finding: `external system ${external.label} (${external.category})`,
        evidence: external.evidence
          .map((item) => `${item.path} (${item.source}: ${item.value})`)
          .concat(
            external.evidenceCount > external.evidence.length
              ? [`… ${external.evidenceCount} in all`]
              : [],
          ),
      });
    } else if (node.role === 'entry-point') {
      items.push({
        id: `entryPoint:${node.path || '(root)'}`,
        category: 'entryPoint',
        finding: `entry point \`${node.path || '(root)'}\` (${node.componentKind}, ${node.files} files, ${node.language ?? 'no language'})`,
        evidence: [],
      });
    } else if (node.path.split('/').some((part) => part.startsWith('.'))) {
      // A hidden folder drawn as a component: is it code a leader should see as part of the system?
      items.push({
        id: `hiddenComponent:${node.path}`,
        category: 'entryPoint',
        finding: `component \`${node.path}\` drawn as ${node.role}`,
        evidence: [],
      });
    }
  }
  return items;
}

function evidenceText(evidence: ReadmeEvidence): string {
  const line = evidence.line ? `L${evidence.line} ` : '';
  switch (evidence.kind) {
    case 'quote':
      return `${line}"${evidence.text.replace(/\s+/g, ' ').slice(0, 80)}"`;
    case 'codeBlock':
      return `${line}code block ${evidence.language ?? '(no language)'}${evidence.fenced ? '' : ' indented'}`;
    case 'licenseNamed':
      return `${line}license named ${evidence.license}`;
    case 'licenseFile':
      return `${line}license file ${evidence.path} (${evidence.license ?? 'unrecognised'})`;
    case 'size':
      return `${line}${evidence.headings} headings, ${evidence.lines} lines`;
    case 'sectionLinks':
      return `${line}${evidence.count} links to own sections`;
    case 'headingJump':
      return `${line}h${evidence.from} → h${evidence.to} "${evidence.text}"`;
    case 'words':
      return `${evidence.count} words`;
  }
}

function readmeItems(readme: ReadmeAnalysis): AdviceItem[] {
  if (!readme.found)
    return [{ id: 'readme:found', category: 'readmeCheck', finding: 'no README', evidence: [] }];
  return readme.checks
    .filter((check) => check.status !== 'notApplicable')
    .map((check) => ({
      id: `readme:${check.id}`,
      category: 'readmeCheck' as const,
      finding: `${check.id}: ${check.status} (${check.points}/${check.maxPoints})`,
      evidence: check.evidence.slice(0, 3).map(evidenceText),
    }));
}

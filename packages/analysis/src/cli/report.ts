import { diagramMermaid } from '@rota/contracts';
import type { AnalysisResults } from '../run.js';
import { ENGLISH_DIAGRAM_WORDS, englishNumber } from './english-words.js';

/** Plain-text sections for the terminal report; JSON output is the full result instead. */
/** Shares in the results are already percentages (0–100). */
const percent = (share: number | null) =>
  share === null ? '    -  ' : `${share.toFixed(1).padStart(5)}%`;
const number = englishNumber;
const date = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');

function structure({ structure: s, composition: c }: AnalysisResults['structure']): string[] {
  const lines = [
    `Structure of ${s.commit.slice(0, 12)}: ${number(s.totals.files)} files, ${number(s.totals.bytes)} bytes, ${number(s.totals.code)} code lines`,
    '  language                 files      code   bytes%   code%',
    ...s.languages
      .filter((language) => language.counted)
      .slice(0, 12)
      .map(
        (l) =>
          `  ${l.name.padEnd(22)} ${number(l.files).padStart(7)} ${number(l.code).padStart(9)}  ${percent(l.byteShare)}  ${percent(l.codeShare)}`,
      ),
  ];
  const apart = (['vendored', 'generated', 'documentation', 'binary'] as const)
    .map((category) => `${category} ${number(s.categories[category]?.files ?? 0)}`)
    .join(', ');
  lines.push(`  apart from the shares: ${apart}`);
  if (c.frameworks.length)
    lines.push(
      `  frameworks and tools: ${c.frameworks
        .map((f) => f.name)
        .slice(0, 20)
        .join(', ')}`,
    );
  if (c.license.spdxId) lines.push(`  license: ${c.license.spdxId}`);
  lines.push(
    `  tests: ${number(c.tests.files)} files${c.tests.ratio === null ? '' : `, test-to-code ratio ${c.tests.ratio.toFixed(2)}`}`,
  );
  return lines;
}

function branches(b: AnalysisResults['branches']): string[] {
  const s = b.summary;
  return [
    `Branches: ${number(s.total)} (default ${b.defaultBranch?.name ?? 'none'}) — merged ${s.byStatus.merged}, ahead ${s.byStatus.ahead}, diverged ${s.byStatus.diverged}; stale ${s.stale} (over ${b.staleDays} days)`,
    ...s.mostDiverged
      .slice(0, 5)
      .map((d) => `  most diverged: ${d.name} (+${d.ahead} / -${d.behind})`),
    ...(s.mergedNotDeleted.count ? [`  merged but not deleted: ${s.mergedNotDeleted.count}`] : []),
  ];
}

function readme({ readme: r, communityFiles }: AnalysisResults['readme']): string[] {
  const failed = r.checks.filter((check) => check.passed === false).map((check) => check.id);
  const missing = communityFiles.files.filter((file) => !file.present).map((file) => file.kind);
  return [
    `README: ${r.found ? `${r.readme?.path} — score ${r.score}/100` : 'none found — score 0/100'}`,
    ...(failed.length ? [`  failed checks: ${failed.join(', ')}`] : []),
    `  community files: ${communityFiles.present}/${communityFiles.total}${missing.length ? ` (missing: ${missing.join(', ')})` : ''}`,
  ];
}

function diagram(d: AnalysisResults['diagram']): string[] {
  return [
    `Diagram: ${d.nodes.length} nodes, ${d.edges.length} edges, ${d.cycles.length} cycles (from ${number(d.stats.fileEdges)} file imports)`,
    '',
    ...diagramMermaid(d, ENGLISH_DIAGRAM_WORDS)
      .trimEnd()
      .split('\n')
      .map((line) => `  ${line}`),
  ];
}

function history(h: AnalysisResults['history']): string[] {
  return [
    `History (${h.window.days ?? ''} days to ${date(h.window.until ?? null)}): ${number(h.totals.commits)} commits, churn ${number(h.totals.churn)}, ${h.totals.humanAuthors} authors, ${h.totals.botAuthors} bots`,
    ...h.authors
      .slice(0, 5)
      .map(
        (a) =>
          `  ${a.name} <${a.email}>: ${a.commits} commits, +${number(a.additions)} -${number(a.deletions)}`,
      ),
    `  all time: ${number(h.allTime.commits)} commits since ${date(h.allTime.firstCommitDate)}`,
  ];
}

export function formatReport(results: Partial<AnalysisResults>): string {
  const sections: string[][] = [];
  if (results.structure) sections.push(structure(results.structure));
  if (results.branches) sections.push(branches(results.branches));
  if (results.readme) sections.push(readme(results.readme));
  if (results.diagram) sections.push(diagram(results.diagram));
  if (results.history) sections.push(history(results.history));
  return `${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`;
}

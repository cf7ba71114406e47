import type { ReviewFinding } from '@rota/contracts';
import { addedLines } from '../rules/hunks.js';
import type { DiffEntry } from '../rules/index.js';
import type { LlmFinding } from './answer-schema.js';
import { storableText, TEXT_LIMIT, TITLE_LIMIT } from './storable.js';

export type LlmReviewFinding = ReviewFinding & { source: 'llm' };

/**
 * The model's findings as Rota's findings (source 'llm', rule 'llm.<category>'), placed on what the
 * model was actually shown:
 * - a finding on a file that was not in the diff sent (a file left out by the budget, or one the
 *   model made up) is dropped and counted: nothing anchors it, and the model never read that file;
 * - a finding whose lines miss the file's added lines is kept on the file (line null): the problem
 *   may well be real, but a line comment must sit on a changed line (GitHub refuses the others);
 *   when the range covers added lines, the first of them carries it;
 * - a finding without a file is about the pull request as a whole and stays so.
 */
export function mapLlmFindings(
  found: LlmFinding[],
  sent: DiffEntry[],
): { findings: LlmReviewFinding[]; dropped: number } {
  const changed = new Map(
    sent.map((entry) => [entry.filename, addedLines(entry.patch).map((added) => added.line)]),
  );
  const findings: LlmReviewFinding[] = [];
  let dropped = 0;
  for (const finding of found) {
    const lines = finding.file === null ? [] : changed.get(finding.file);
    if (!lines) {
      dropped += 1;
      continue;
    }
    findings.push({
      rule: `llm.${finding.category}`,
      severity: finding.severity,
      category: finding.category,
      file: finding.file,
      line: anchorLine(finding, lines),
      title: storableText(finding.title, TITLE_LIMIT),
      message: storableText(finding.rationale, TEXT_LIMIT),
      // The model's answer quotes no line, and quoting one here could repeat a secret unredacted.
      evidence: null,
      source: 'llm',
      confidence: finding.confidence,
    });
  }
  return { findings, dropped };
}

function anchorLine(finding: LlmFinding, changed: number[]): number | null {
  if (finding.line_start === null) return null;
  const end = finding.line_end ?? finding.line_start;
  const [low, high] =
    end < finding.line_start ? [end, finding.line_start] : [finding.line_start, end];
  return changed.find((line) => line >= low && line <= high) ?? null;
}

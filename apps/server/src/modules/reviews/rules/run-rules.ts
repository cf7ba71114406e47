import type { ReviewCoverage, ReviewSkipReason } from '@rota/contracts';
import { addedLines } from './hunks.js';
import { generatedOrVendored, hasBinaryExtension, isLockfile, patchSaysBinary } from './paths.js';
import { REVIEW_RULES } from './registry.js';
import type { ReviewInput, ReviewRuleOptions, RuleFinding, ScannedFile } from './types.js';

export interface RulesResult {
  findings: RuleFinding[];
  coverage: ReviewCoverage;
}

/**
 * Run every built-in rule over a pull request. Pure: the same input gives the same findings, in
 * registry order then file order. Files the engine cannot or should not read line by line are
 * listed in `coverage.filesSkipped` with the reason; rules about paths still see them.
 */
export function runRules(input: ReviewInput, options: ReviewRuleOptions = {}): RulesResult {
  if (options.titlePattern !== undefined) {
    // A broken project setting must surface, not silently disable the title check.
    try {
      new RegExp(options.titlePattern);
    } catch (error) {
      throw new TypeError(`titlePattern is not a valid regular expression: ${String(error)}`);
    }
  }
  const scanned: ScannedFile[] = [];
  const filesSkipped: ReviewCoverage['filesSkipped'] = [];
  for (const entry of input.files) {
    const added = addedLines(entry.patch);
    const reason = skipReason(entry, added);
    if (reason) filesSkipped.push({ file: entry.filename, reason });
    else scanned.push({ path: entry.filename, entry, added });
  }
  const context = { input, options, scanned, all: input.files };
  const findings = REVIEW_RULES.flatMap((rule) =>
    rule.check(context).map((hit): RuleFinding => ({
      rule: rule.id,
      severity: rule.severity,
      category: rule.category,
      file: hit.file,
      line: hit.line,
      title: hit.title,
      message: hit.message,
      evidence: hit.evidence ?? null,
      source: 'rules',
      confidence: rule.confidence,
    })),
  );
  return { findings, coverage: { filesReviewed: scanned.length, filesSkipped } };
}

/**
 * Why the engine does not read this file line by line, or null to read it. The LLM reviewer skips
 * the same files, so both engines agree on what was reviewed.
 */
export function skipReason(
  entry: ReviewInput['files'][number],
  added: { line: number; text: string }[],
): ReviewSkipReason | null {
  // A deleted file has nothing added to read, and its removal is reviewed by the path rules.
  if (entry.status === 'removed') return null;
  if (isLockfile(entry.filename)) return 'lockfile';
  const kind = generatedOrVendored(entry.filename, added);
  if (kind) return kind;
  if (patchSaysBinary(entry.patch)) return 'binary';
  if (entry.patch === undefined) {
    if (hasBinaryExtension(entry.filename)) return 'binary';
    // GitHub leaves the patch out of text diffs too large to inline (their line counts remain).
    if (entry.changes > 0) return 'too_large';
    // A pure rename has no lines to read; it is reviewed, not skipped.
    if (entry.status === 'renamed') return null;
    // Zero counts and no patch is how GitHub reports a binary file it cannot name by extension.
    return 'no_patch';
  }
  return null;
}

import { isTestFile } from './paths.js';
import { evidenceLine, matchInCode } from './text.js';
import type { ReviewRule, RuleHit, ScannedFile } from './types.js';

/**
 * Focused tests silently turn the rest of a suite off; skipped tests turn one off. Both are read in
 * test files only, so the same words in application code or docs are never findings, and only in
 * code: a fixture holding a focused-test call written inside a string as a string is data.
 */

const FOCUSED = [
  /\b(?:describe|it|test|context|suite|specify)\.only\s*\(/,
  /(?<![\w.])(?:fit|fdescribe|fcontext)\s*\(/,
];

const SKIPPED = [
  /\b(?:describe|it|test|context|suite|specify)\.skip\s*\(/,
  /(?<![\w.])(?:xit|xdescribe|xtest|xcontext|xspecify)\s*\(/,
  /@Disabled\b/,
  /@(?:pytest\.mark\.skip|unittest\.skip)\b/,
  /\bt\.(?:Skip|Skipf|SkipNow)\(/,
];

function scan(
  scanned: ScannedFile[],
  patterns: RegExp[],
): { path: string; line: number; text: string }[] {
  const found: { path: string; line: number; text: string }[] = [];
  for (const file of scanned) {
    if (!isTestFile(file.path)) continue;
    for (const { line, text } of file.added) {
      const code = text.trimStart();
      if (code.startsWith('//') || code.startsWith('#') || code.startsWith('*')) continue;
      if (patterns.some((pattern) => matchInCode(pattern, text)))
        found.push({ path: file.path, line, text });
    }
  }
  return found;
}

export const focusedTestRule: ReviewRule = {
  id: 'tests.focused',
  severity: 'high',
  category: 'tests',
  confidence: 0.95,
  description: 'A focused test (.only, fit, fdescribe) that would skip every other test.',
  check({ scanned }): RuleHit[] {
    return scan(scanned, FOCUSED).map(({ path, line, text }) => ({
      file: path,
      line,
      title: 'Focused test',
      message:
        'This focuses the run on one test, so every other test in the suite is skipped and CI can ' +
        'pass without running them. Remove the focus before merging.',
      evidence: evidenceLine(text),
    }));
  },
};

export const skippedTestRule: ReviewRule = {
  id: 'tests.skipped',
  severity: 'medium',
  category: 'tests',
  confidence: 0.9,
  description: 'A test is skipped (it.skip, xit, @Disabled, @pytest.mark.skip, t.Skip, …).',
  check({ scanned }): RuleHit[] {
    return scan(scanned, SKIPPED).map(({ path, line, text }) => ({
      file: path,
      line,
      title: 'Skipped test',
      message:
        'This turns a test off. If it is broken, fix it or link the issue that tracks it; a skipped ' +
        'test protects nothing and is rarely turned back on.',
      evidence: evidenceLine(text),
    }));
  },
};

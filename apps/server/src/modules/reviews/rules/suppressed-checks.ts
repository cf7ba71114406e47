import { isProseFile } from './paths.js';
import { evidenceLine, matchInCode } from './text.js';
import type { ReviewRule, RuleHit } from './types.js';

/**
 * Lint and type-check suppressions. Each turns a tool's warning off for good, so a reviewer should
 * see why. `@ts-expect-error` with a reason after it is TypeScript's documented way to say why and
 * is left alone. Documentation that names a suppression is prose and is not read.
 */

const SUPPRESSIONS: { pattern: RegExp; what: string }[] = [
  // Directives only count at the start of a comment; elsewhere the words are prose about them.
  { pattern: /(\/\/|\/\*)\s*eslint-disable(-next-line|-line)?\b/, what: 'eslint-disable' },
  { pattern: /(\/\/|\/\*)\s*@ts-ignore\b/, what: '@ts-ignore' },
  { pattern: /(\/\/|\/\*)\s*@ts-nocheck\b/, what: '@ts-nocheck' },
  {
    pattern: /(\/\/|\/\*)\s*@ts-expect-error\s*(\*\/\s*)?$/,
    what: '@ts-expect-error without a reason',
  },
  { pattern: /#\s*noqa\b/, what: '# noqa' },
  { pattern: /#\s*type:\s*ignore\b/, what: '# type: ignore' },
  { pattern: /#\s*pylint:\s*disable\b/, what: '# pylint: disable' },
  { pattern: /\/\/\s*nolint\b/, what: '//nolint' },
  { pattern: /@SuppressWarnings\b/, what: '@SuppressWarnings' },
  { pattern: /#\s*rubocop:disable\b/, what: '# rubocop:disable' },
];

export const suppressedCheckRule: ReviewRule = {
  id: 'code.suppressed-check',
  severity: 'low',
  category: 'maintainability',
  confidence: 0.9,
  description:
    'A lint or type check is turned off (eslint-disable, @ts-ignore, # noqa, //nolint, …).',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      if (isProseFile(file.path)) continue;
      for (const { line, text } of file.added) {
        const match = SUPPRESSIONS.find((entry) => matchInCode(entry.pattern, text));
        if (!match) continue;
        hits.push({
          file: file.path,
          line,
          title: `Check suppressed (${match.what})`,
          message:
            'This turns a check off. Fix what it reports if you can; otherwise narrow it to the one ' +
            'rule and line, and say why in the comment.',
          evidence: evidenceLine(text),
        });
      }
    }
    return hits;
  },
};

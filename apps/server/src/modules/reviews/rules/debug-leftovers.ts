import { baseName, isTestFile } from './paths.js';
import { evidenceLine, matchInCode } from './text.js';
import type { ReviewRule, RuleHit, ScannedFile } from './types.js';

/**
 * Debugging statements left in application code. Conservative on purpose: command-line scripts
 * print by design, so scripts, bins, CLIs, examples and Go `main` packages are left alone, and so
 * are comments.
 */

const PRINTS_BY_DESIGN =
  /(^|\/)(scripts?|bin|cli|cmd|tools?|examples?|bench|benchmarks?|docs?)\/|(^|\/)(cli|__main__|manage|setup)\.py$|(^|[/.-])cli\.[cm]?[jt]s$/;

interface DebugPattern {
  extensions: RegExp;
  pattern: RegExp;
  what: string;
}

const PATTERNS: DebugPattern[] = [
  {
    extensions: /\.(ts|tsx|js|jsx|mjs|cjs|vue|svelte)$/,
    pattern: /\bconsole\.(log|debug)\s*\(/,
    what: 'console.log',
  },
  {
    extensions: /\.(ts|tsx|js|jsx|mjs|cjs|vue|svelte)$/,
    pattern: /^\s*debugger\s*;?\s*$/,
    what: 'debugger',
  },
  {
    extensions: /\.py$/,
    pattern: /^\s*(print\(|breakpoint\(\)|import pdb|pdb\.set_trace\()/,
    what: 'print/pdb',
  },
  {
    extensions: /\.(rb|erb|rake)$/,
    pattern: /\b(binding\.pry|byebug|binding\.irb)\b/,
    what: 'binding.pry',
  },
  { extensions: /\.php$/, pattern: /(?<![\w>$:])(var_dump|dd|dump)\s*\(/, what: 'var_dump/dd' },
  { extensions: /\.go$/, pattern: /\bfmt\.Print(ln|f)?\(/, what: 'fmt.Println' },
];

const COMMENT = /^\s*(\/\/|\/\*|\*|#|--)/;

function goMainPackage(file: ScannedFile): boolean {
  return (
    baseName(file.path) === 'main.go' || file.added.some(({ text }) => /^package main\b/.test(text))
  );
}

export const debugLeftoverRule: ReviewRule = {
  id: 'code.debug-leftover',
  severity: 'low',
  category: 'maintainability',
  confidence: 0.7,
  description:
    'A debugging statement (console.log, debugger, print, binding.pry, var_dump, fmt.Println) in application code.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      if (isTestFile(file.path) || PRINTS_BY_DESIGN.test(file.path)) continue;
      const patterns = PATTERNS.filter((entry) => entry.extensions.test(file.path));
      if (patterns.length === 0) continue;
      if (file.path.endsWith('.go') && goMainPackage(file)) continue;
      for (const { line, text } of file.added) {
        if (COMMENT.test(text)) continue;
        const match = patterns.find((entry) => matchInCode(entry.pattern, text));
        if (!match) continue;
        hits.push({
          file: file.path,
          line,
          title: `Debug statement (${match.what})`,
          message:
            'This looks like a debugging leftover. Remove it, or use the project logger if the ' +
            'output is meant to stay.',
          evidence: evidenceLine(text),
        });
      }
    }
    return hits;
  },
};

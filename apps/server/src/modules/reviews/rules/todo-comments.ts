import { isProseFile } from './paths.js';
import { evidenceLine } from './text.js';
import type { ReviewRule, RuleHit } from './types.js';

/**
 * New TODO/FIXME/XXX/HACK comments: a note that work is left, worth seeing in review. Only in a
 * comment (after `//`, `#`, `/*`, `*`, `--`, `<!--`, `;`), in upper case, so the words in prose or
 * identifiers (`todoList`) are not findings. Markdown and text files are prose and left out.
 */

const MARKER = /(\/\/|#|\/\*|^\s*\*|--|<!--|;)\s*.*?\b(TODO|FIXME|XXX|HACK)\b/;

export const todoCommentRule: ReviewRule = {
  id: 'code.todo',
  severity: 'info',
  category: 'maintainability',
  confidence: 0.9,
  description: 'A new TODO, FIXME, XXX or HACK comment.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      if (isProseFile(file.path)) continue;
      for (const { line, text } of file.added) {
        const match = MARKER.exec(text);
        if (!match) continue;
        hits.push({
          file: file.path,
          line,
          title: `New ${match[2]} comment`,
          message:
            `A ${match[2]} is added. If the work is real, link an issue so it is not forgotten; ` +
            'if it is done, remove the note.',
          evidence: evidenceLine(text),
        });
      }
    }
    return hits;
  },
};

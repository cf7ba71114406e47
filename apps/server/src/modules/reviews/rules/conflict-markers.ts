import { evidenceLine } from './text.js';
import type { ReviewRule, RuleHit } from './types.js';

/**
 * Merge-conflict markers as git writes them: `<<<<<<< ours`, `|||||||`, `=======`, `>>>>>>> theirs`
 * at the start of a line. A bare `=======` is also a Markdown or reStructuredText underline, so it
 * counts only when the same file also gains an opening or closing marker.
 */

const OPENING = /^<{7}(?: .*)?$/;
const CLOSING = /^>{7}(?: .*)?$/;
const SEPARATOR = /^(={7}|\|{7}(?: .*)?)$/;

export const conflictMarkerRule: ReviewRule = {
  id: 'diff.conflict-marker',
  severity: 'high',
  category: 'correctness',
  confidence: 0.95,
  description: 'Merge-conflict markers left in a file.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      const edges = file.added.filter(({ text }) => OPENING.test(text) || CLOSING.test(text));
      if (edges.length === 0) continue;
      const markers = file.added.filter(({ text }) => SEPARATOR.test(text)).concat(edges);
      const first = markers.reduce((a, b) => (b.line < a.line ? b : a));
      hits.push({
        file: file.path,
        line: first.line,
        title: 'Merge-conflict markers',
        message:
          `${markers.length} conflict marker line(s) were committed in this file. Resolve the ` +
          'conflict, keep the intended side, and remove every <<<<<<<, ======= and >>>>>>> line.',
        evidence: evidenceLine(first.text),
      });
    }
    return hits;
  },
};

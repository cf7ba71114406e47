import { describe, expect, it } from 'vitest';
import { addedLines, parsePatch } from './hunks.js';

describe('parsePatch / addedLines', () => {
  it('numbers added lines in the new file across several hunks', () => {
    const patch = [
      '@@ -10,6 +10,7 @@ const app = express();',
      ' app.use(express.json());',
      ' ',
      " app.get('/health', (req, res) => {",
      "+  console.log('health check');",
      '   res.json({ ok: true });',
      ' });',
      ' ',
      '@@ -40,7 +41,6 @@ function shutdown() {',
      '   server.close();',
      '-  process.exit(1);',
      '-  // unreachable',
      '+  process.exitCode = 1;',
      ' }',
    ].join('\n');
    expect(addedLines(patch)).toEqual([
      { line: 13, text: "  console.log('health check');" },
      { line: 42, text: '  process.exitCode = 1;' },
    ]);
  });

  it('ignores "\\ No newline at end of file" and keeps counting after it', () => {
    const patch = [
      '@@ -1,2 +1,3 @@',
      ' first',
      '-second',
      '\\ No newline at end of file',
      '+second',
      '+third',
      '\\ No newline at end of file',
    ].join('\n');
    expect(addedLines(patch)).toEqual([
      { line: 2, text: 'second' },
      { line: 3, text: 'third' },
    ]);
  });

  it('reads a hunk header without counts (one-line files) and an empty context line', () => {
    const patch = ['@@ -1 +1,3 @@', '-old', '+new', '', '+last'].join('\n');
    expect(addedLines(patch)).toEqual([
      { line: 1, text: 'new' },
      { line: 3, text: 'last' },
    ]);
  });

  it('gives removed lines the new-file position they sat at, and kinds in order', () => {
    const lines = parsePatch(['@@ -5,3 +5,2 @@', ' a', '-b', ' c'].join('\n'));
    expect(lines).toEqual([
      { kind: 'context', line: 5, text: 'a' },
      { kind: 'removed', line: 6, text: 'b' },
      { kind: 'context', line: 6, text: 'c' },
    ]);
  });

  it('reads nothing from an absent patch or text before the first hunk', () => {
    expect(addedLines(undefined)).toEqual([]);
    expect(addedLines('+not in a hunk\n')).toEqual([]);
  });
});

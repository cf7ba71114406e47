import { describe, expect, it } from 'vitest';
import { runRules } from './run-rules.js';
import { addedFile, findingsOf, pullRequest } from './test-kit.js';
import type { DiffEntry } from './types.js';

/** GitHub reports a binary file with zero line counts and no patch. */
function binary(filename: string): DiffEntry {
  return { filename, status: 'added', additions: 0, deletions: 0, changes: 0 };
}

describe('file.binary', () => {
  it('reports a binary by extension without a patch, and by git\'s "Binary files differ"', () => {
    const withNotice: DiffEntry = {
      ...binary('assets/model.onnx'),
      patch: 'Binary files /dev/null and b/assets/model.onnx differ',
    };
    const files = [binary('release/rota-cli.zip'), withNotice];
    expect(findingsOf('file.binary', files).map((f) => f.file)).toEqual([
      'release/rota-cli.zip',
      'assets/model.onnx',
    ]);
    expect(runRules(pullRequest(files)).coverage.filesSkipped).toEqual([
      { file: 'release/rota-cli.zip', reason: 'binary' },
      { file: 'assets/model.onnx', reason: 'binary' },
    ]);
  });

  it('does not report screenshots and fonts, but lists them as skipped binaries', () => {
    const files = [binary('docs/screenshots/dashboard.png'), binary('web/fonts/Inter.woff2')];
    expect(findingsOf('file.binary', files)).toEqual([]);
    expect(runRules(pullRequest(files)).coverage.filesSkipped.map((s) => s.reason)).toEqual([
      'binary',
      'binary',
    ]);
  });

  it('does not report text files, deleted binaries, or a Git LFS pointer', () => {
    const files = [
      addedFile('docs/diagram.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      { ...binary('old/cli.zip'), status: 'removed' as const },
      addedFile(
        'assets/video.mp4',
        'version https://git-lfs.github.com/spec/v1\noid sha256:4d7a\nsize 1234',
      ),
    ];
    expect(findingsOf('file.binary', files)).toEqual([]);
  });
});

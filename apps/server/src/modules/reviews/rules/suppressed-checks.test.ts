import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf } from './test-kit.js';

describe('code.suppressed-check', () => {
  it('finds suppressions across languages', () => {
    const files = [
      addedFile(
        'src/api/client.ts',
        [
          '// eslint-disable-next-line @typescript-eslint/no-explicit-any',
          'const body: any = await res.json();',
          '// @ts-ignore',
          'client.send(body);',
          '// @ts-expect-error',
          'client.legacy();',
        ].join('\n'),
      ),
      addedFile('app/views.py', 'from .models import *  # noqa\nuser = get(id)  # type: ignore'),
      addedFile('internal/db/pool.go', 'func open() { //nolint:errcheck\n}'),
      addedFile('src/main/java/App.java', '@SuppressWarnings("unchecked")\nclass App {}'),
      addedFile('app/models/user.rb', '# rubocop:disable Metrics/MethodLength\ndef x; end'),
    ];
    expect(findingsOf('code.suppressed-check', files).map((f) => `${f.file}:${f.line}`)).toEqual([
      'src/api/client.ts:1',
      'src/api/client.ts:3',
      'src/api/client.ts:5',
      'app/views.py:1',
      'app/views.py:2',
      'internal/db/pool.go:1',
      'src/main/java/App.java:1',
      'app/models/user.rb:1',
    ]);
  });

  it('accepts @ts-expect-error with a reason, and mentions of the words in prose', () => {
    const files = [
      addedFile(
        'src/api/client.ts',
        '// @ts-expect-error -- the SDK types miss the legacy call (v2 fixes it)\nclient.legacy();',
      ),
      addedFile('docs/lint.md', 'Never add eslint-disable or @ts-ignore without a reason.'),
      addedFile(
        'src/lint/rules.ts',
        [
          '/** Words like eslint-disable in prose are not directives. */',
          "const example = '// @ts-ignore';",
        ].join('\n'),
      ),
    ];
    expect(findingsOf('code.suppressed-check', files)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { entryPoints } from './entry-points.js';

describe('entry points', () => {
  it('takes none from tests, examples, docs or tooling folders', () => {
    const found = entryPoints(
      [
        'src/web/__main__.py',
        'public/index.html',
        'tests/static/index.html',
        'tests/test_apps/app/static/index.html',
        'examples/javascript/js_example/static/index.html',
        'examples/tutorial/flaskr/__main__.py',
        'docs/index.html',
        '.devcontainer/main.go',
        'benchmarks/cmd/load/main.go',
      ],
      [
        {
          path: 'examples/tutorial/package.json',
          facts: {
            entryPoints: [
              { kind: 'package-bin', target: 'cli.js', name: 'tutorial', command: null },
            ],
          },
        },
      ],
    );
    expect(found.map((point) => point.path)).toEqual(['public/index.html', 'src/web/__main__.py']);
  });
});

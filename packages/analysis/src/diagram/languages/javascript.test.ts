import { describe, expect, it } from 'vitest';
import { extractJsImports } from './javascript.js';
import { importGraph } from '../test-support.js';

describe('JS/TS import extraction', () => {
  it('finds every import form and ignores comments, strings and regexes', () => {
    const source = [
      "import a from './a';",
      "import type { T } from './types';",
      "import * as ns from './ns.js';",
      "import './side-effect';",
      "export { x } from './re-export';",
      "export * from './star';",
      "const r = require('./req');",
      "const lazy = await import('./lazy');",
      "import fs = require('fs');",
      "// import gone from './commented';",
      "/* require('./block-commented') */",
      'const s = "require(\'./in-string\')";',
      "const t = `import('./in-template')`;",
      "const re = /import x from './in-regex'/;",
      'const important = 1; // not an import',
      'import {',
      '  b,',
      '  c,',
      "} from './multi-line';",
    ].join('\n');
    expect(
      extractJsImports('x.ts', source)
        .imports.map((i) => i.spec)
        .sort(),
    ).toEqual(
      [
        './a',
        './types',
        './ns.js',
        './side-effect',
        './re-export',
        './star',
        './req',
        './lazy',
        'fs',
        './multi-line',
      ].sort(),
    );
  });

  it('reads only the script blocks of single-file components', () => {
    const vue =
      "<template><p>Don't import './x'</p></template>\n<script setup>\nimport A from './A.vue'\n</script>";
    expect(extractJsImports('C.vue', vue).imports.map((i) => i.spec)).toEqual(['./A.vue']);
  });
});

describe('JS/TS resolution', () => {
  it('resolves relative paths, .js to .ts, index files, tsconfig paths with extends, and workspace packages', async () => {
    const graph = await importGraph({
      'package.json': JSON.stringify({ name: 'root', workspaces: ['packages/*'] }),
      'tsconfig.base.json':
        '{\n  // comments and trailing commas are fine\n  "compilerOptions": { "baseUrl": ".", "paths": { "@app/*": ["apps/web/src/*"], }, },\n}',
      'apps/web/tsconfig.json': '{ "extends": "../../tsconfig.base.json" }',
      'apps/web/src/main.tsx': [
        "import { App } from './app.js';",
        "import { util } from '@app/lib/util';",
        "import { api } from '@acme/api';",
        "import { helper } from '@acme/api/helpers';",
        "import React from 'react';",
        "import missing from './does-not-exist';",
      ].join('\n'),
      'apps/web/src/app.tsx': "import './lib';\nexport const App = 1;",
      'apps/web/src/lib/index.ts': 'export {};',
      'apps/web/src/lib/util.ts': 'export const util = 1;',
      'packages/api/package.json': JSON.stringify({
        name: '@acme/api',
        exports: {
          '.': { types: './dist/index.d.ts', import: './dist/index.js' },
          './helpers': './src/helpers.ts',
        },
      }),
      'packages/api/src/index.ts': "export * from './routes/index.js';\nimport pg from 'pg';",
      'packages/api/src/routes/index.ts': 'export const api = 1;',
      'packages/api/src/helpers.ts': "const x = require('../package.json');",
    });
    expect(graph.edges).toEqual([
      'apps/web/src/app.tsx -> apps/web/src/lib/index.ts',
      'apps/web/src/main.tsx -> apps/web/src/app.tsx',
      'apps/web/src/main.tsx -> apps/web/src/lib/util.ts',
      'apps/web/src/main.tsx -> packages/api/src/helpers.ts',
      'apps/web/src/main.tsx -> packages/api/src/index.ts',
      'packages/api/src/helpers.ts -> packages/api/package.json',
      'packages/api/src/index.ts -> packages/api/src/routes/index.ts',
    ]);
    expect(graph.externals).toEqual(['npm:pg', 'npm:react']);
  });
});

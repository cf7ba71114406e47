import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The repository the analyses e2e suite points a project at: a small shop with a server, a web
 * UI, a database layer and shared code importing each other (server ↔ db form a cycle), a README
 * with sections (and some hostile HTML that must never run), a package.json with dependencies, an
 * MIT LICENSE, CI, and branches in every state: merged, ahead, diverged. Every commit has a fixed
 * date, so the analyses answer the same on every run.
 */

const MIT = `MIT License

Copyright (c) 2024 Rota Fixture

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;

/** Text the README test looks for: rendered as it is, while the hostile parts around it vanish. */
export const README_MARKERS = {
  title: 'Fixture Shop',
  heading: 'Installation',
  safeLink: 'Project board',
  hostileLink: 'Do not click',
} as const;

const README = `# ${README_MARKERS.title}

[![build](https://img.shields.io/badge/build-passing-green.svg)](https://example.com/ci)

Fixture Shop is a tiny online shop used by Rota's end-to-end tests: an Express API, a React
storefront and a PostgreSQL layer, written in TypeScript so the analyses have something real to read.

## ${README_MARKERS.heading}

\`\`\`sh
npm install
\`\`\`

## Usage

\`\`\`ts
import { startServer } from './src/server';
startServer({ port: 3000 });
\`\`\`

| Command | What it does |
| ------- | ------------ |
| \`npm start\` | Starts the API |
| \`npm test\` | Runs the tests |

- [x] Orders
- [ ] Refunds

See the [${README_MARKERS.safeLink}](https://example.com/board) and the [guide](docs/guide.md).

<script>window.__readmeScriptRan = true</script>
<img src="x" onerror="window.__readmeOnerrorRan = true">

[${README_MARKERS.hostileLink}](javascript:window.__readmeLinkRan=true)

## Configuration

Set \`DATABASE_URL\` to your PostgreSQL server.

## Contributing

Pull requests are welcome.

## License

MIT, see [LICENSE](LICENSE).
`;

const PACKAGE_JSON = `${JSON.stringify(
  {
    name: 'fixture-shop',
    version: '1.2.0',
    license: 'MIT',
    main: 'src/server/index.ts',
    scripts: { start: 'node dist/server/index.js', test: 'vitest run' },
    dependencies: { express: '^4.19.2', pg: '^8.11.0', react: '^18.3.1', 'react-dom': '^18.3.1' },
    devDependencies: { typescript: '^5.4.0', vitest: '^1.6.0', eslint: '^9.0.0' },
  },
  null,
  2,
)}\n`;

const FILES: Record<string, string> = {
  'README.md': README,
  LICENSE: MIT,
  'package.json': PACKAGE_JSON,
  '.github/workflows/ci.yml':
    'name: CI\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci && npm test\n',
  'docs/guide.md': '# Guide\n\nHow the shop is put together.\n',
  'src/shared/format.ts':
    'export function formatPrice(cents: number): string {\n  return `${(cents / 100).toFixed(2)} EUR`;\n}\n',
  'src/shared/format.test.ts':
    "import { describe, expect, it } from 'vitest';\nimport { formatPrice } from './format';\n\ndescribe('formatPrice', () => {\n  it('formats cents', () => {\n    expect(formatPrice(1250)).toBe('12.50 EUR');\n  });\n});\n",
  'src/server/config.ts':
    "export const config = {\n  port: Number(process.env.PORT ?? 3000),\n  databaseUrl: process.env.DATABASE_URL ?? 'postgres://localhost/shop',\n};\n",
  'src/server/routes.ts':
    "import express from 'express';\nimport { listOrders } from '../db/orders';\nimport { formatPrice } from '../shared/format';\n\nexport const router = express.Router();\n\nrouter.get('/orders', async (_req, res) => {\n  const orders = await listOrders();\n  res.json(orders.map((order) => ({ ...order, total: formatPrice(order.cents) })));\n});\n",
  'src/server/index.ts':
    "import express from 'express';\nimport { config } from './config';\nimport { router } from './routes';\n\nexport function startServer(options = { port: config.port }) {\n  const app = express();\n  app.use('/api', router);\n  return app.listen(options.port);\n}\n",
  'src/db/client.ts':
    "import { Pool } from 'pg';\nimport { config } from '../server/config';\n\nexport const pool = new Pool({ connectionString: config.databaseUrl });\n",
  'src/db/orders.ts':
    "import { pool } from './client';\n\nexport async function listOrders(): Promise<Array<{ id: number; cents: number }>> {\n  const result = await pool.query('select id, cents from orders');\n  return result.rows;\n}\n",
  'src/web/app.tsx':
    "import { useEffect, useState } from 'react';\nimport { formatPrice } from '../shared/format';\n\nexport function App() {\n  const [orders, setOrders] = useState<Array<{ id: number; cents: number }>>([]);\n  useEffect(() => {\n    void fetch('/api/orders').then(async (r) => setOrders(await r.json()));\n  }, []);\n  return (\n    <ul>\n      {orders.map((order) => (\n        <li key={order.id}>{formatPrice(order.cents)}</li>\n      ))}\n    </ul>\n  );\n}\n",
  'src/web/main.tsx':
    "import { createRoot } from 'react-dom/client';\nimport { App } from './app';\n\ncreateRoot(document.getElementById('root')!).render(<App />);\n",
};

const BRANCHES = {
  merged: 'fix/typo-in-readme',
  diverged: 'feature/refunds',
  ahead: 'feature/dark-mode',
} as const;

export const FIXTURE_BRANCHES = ['main', ...Object.values(BRANCHES)];

/** Creates the repository under a new temp folder and returns its absolute path. */
export function createFixtureRepository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-e2e-repo-'));
  let day = 0;
  const run = (args: string[], author = 'Deniz Yılmaz') => {
    const date = new Date(Date.UTC(2024, 2, 1 + day, 10, 0, 0)).toISOString();
    execFileSync('git', args, {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: '/nonexistent',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_AUTHOR_NAME: author,
        GIT_AUTHOR_EMAIL: `${author.split(' ')[0]!.toLowerCase()}@example.com`,
        GIT_COMMITTER_NAME: author,
        GIT_COMMITTER_EMAIL: `${author.split(' ')[0]!.toLowerCase()}@example.com`,
        GIT_AUTHOR_DATE: date,
        GIT_COMMITTER_DATE: date,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  };
  const write = (file: string, content: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  };
  const commit = (message: string, author?: string) => {
    day += 1;
    run(['add', '-A'], author);
    run(['commit', '-q', '--no-verify', '-m', message], author);
  };

  run(['init', '-q', '--initial-branch=main']);
  for (const [file, content] of Object.entries(FILES)) write(file, content);
  commit('Initial shop: API, storefront and database layer');

  // Merged: branched, committed, fast-forwarded into main, never deleted.
  run(['checkout', '-q', '-b', BRANCHES.merged]);
  write('docs/guide.md', '# Guide\n\nHow the shop is put together, and how to run it.\n');
  commit('Fix the guide', 'Ayşe Kaya');
  run(['checkout', '-q', 'main']);
  run(['merge', '-q', '--ff-only', BRANCHES.merged]);

  // Diverged: has work of its own while main moves on.
  run(['checkout', '-q', '-b', BRANCHES.diverged]);
  write(
    'src/db/refunds.ts',
    "import { pool } from './client';\n\nexport async function refund(id: number) {\n  await pool.query('update orders set refunded = true where id = $1', [id]);\n}\n",
  );
  commit('Add refunds to the database layer', 'Grace Hopper');
  write('src/server/refunds.ts', "import { refund } from '../db/refunds';\n\nexport { refund };\n");
  commit('Expose refunds', 'Grace Hopper');
  run(['checkout', '-q', 'main']);
  write('src/shared/money.ts', 'export const CURRENCY = "EUR";\n');
  commit('Name the currency');
  write(
    'src/shared/format.ts',
    "import { CURRENCY } from './money';\n\nexport function formatPrice(cents: number): string {\n  return `${(cents / 100).toFixed(2)} ${CURRENCY}`;\n}\n",
  );
  commit('Format prices with the currency');

  // Ahead: one commit on top of main's head.
  run(['checkout', '-q', '-b', BRANCHES.ahead]);
  write('src/web/theme.ts', "export const theme = { dark: true, accent: '#4338ca' };\n");
  commit('Dark mode for the storefront', 'Ayşe Kaya');
  run(['checkout', '-q', 'main']);
  return dir;
}

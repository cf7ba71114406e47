/**
 * The analyses' figures, over real HTTP on loopback with the real engine and queue (embedded PGlite):
 * 1. time from "create project" to all four analyses (branches, readme, structure, diagram) being
 *    shown for a fixture repository of 5,000 files;
 * 2. p50/p99 latency of a cached GET /api/projects/{id}/structure-analysis, against the baseline
 *    GET /api/health measured in the same run (the ratio is the cost of reading the stored result).
 *
 *   node --conditions=source --import tsx bench/analyses-api.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { MemoryRateLimiter } from '../apps/server/src/lib/rate-limit/memory-rate-limiter.js';
import { compose } from '../apps/server/src/composition.js';
import { processLogger } from '../apps/server/src/lib/logging.js';
import { testConfig } from '../apps/server/src/testing/test-config.js';

const FILES = 5000;
const SAMPLES = 300;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function fixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-bench-repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', args, {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        HOME: '/nonexistent',
      },
    });
  git('init', '-q', '--initial-branch=main');
  writeFileSync(
    path.join(dir, 'README.md'),
    '# Bench\n\nA synthetic repository.\n\n## Installation\n\n```sh\nnpm ci\n```\n',
  );
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'bench', dependencies: { express: '^4', pg: '^8' } }),
  );
  const kinds = [
    [
      'ts',
      (i: number) =>
        `import { f${i - 1} } from './m${i - 1}';\nexport const f${i} = () => f${i - 1};\n`,
    ],
    ['py', (i: number) => `# module ${i}\ndef f${i}():\n    return ${i}\n`],
    ['go', (i: number) => `package p\n\n// F${i} returns i\nfunc F${i}() int { return ${i} }\n`],
    ['md', (i: number) => `# Doc ${i}\n\nText.\n`],
  ] as const;
  for (let i = 0; i < FILES; i += 1) {
    const [ext, body] = kinds[i % kinds.length]!;
    const folder = path.join(dir, `pkg${i % 50}`, `sub${i % 7}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `m${i}.${ext}`), body(Math.max(1, i)));
  }
  git('add', '-A');
  execFileSync(
    'git',
    ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-qm', 'bench'],
    { cwd: dir },
  );
  return dir;
}

const repoDir = fixture();
const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-data-'));
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await runMigrations(database);
const config = testConfig({ dataDir, allowLocalRepos: true, workers: 2, analysisWaitMs: 0 });
const jobs = await compose({
  config,
  database,
  rateLimiter: new MemoryRateLimiter(),
  logger: processLogger(false),
});
const app = await buildApp(jobs);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
await jobs.queue.start();
try {
  const json = async (method: string, route: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${route}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as { data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const { token } = (
    await json('POST', '/api/auth/register', undefined, {
      name: 'Bench',
      email: 'bench@example.com',
      password: 'Sup3rSecret',
    })
  ).body.data;
  const started = performance.now();
  const project = (
    await json('POST', '/api/projects', token, { name: 'Bench', repos: [{ url: repoDir }] })
  ).body.data;
  const endpoints = [
    'branch-analysis',
    'readme-analysis',
    'structure-analysis',
    'technical-diagram',
  ];
  const shown = new Map<string, number>();
  while (shown.size < endpoints.length) {
    for (const endpoint of endpoints) {
      if (shown.has(endpoint)) continue;
      const answer = await json('GET', `/api/projects/${project.id}/${endpoint}`, token);
      if (answer.status === 200 && answer.body.data.repositories[0].status === 'ready')
        shown.set(endpoint, performance.now() - started);
    }
    if (shown.size < endpoints.length) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(
    `\nCreate project → all four analyses shown (${FILES} files): ${(Math.max(...shown.values()) / 1000).toFixed(2)} s`,
  );
  for (const [endpoint, ms] of shown)
    console.log(`  ${endpoint.padEnd(20)} shown after ${(ms / 1000).toFixed(2)} s`);

  const time = async (route: string, auth?: string) => {
    for (let i = 0; i < 30; i += 1) await json('GET', route, auth);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const t = performance.now();
      const answer = await json('GET', route, auth);
      samples.push(performance.now() - t);
      if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}`);
    }
    return samples.sort((a, b) => a - b);
  };
  const baseline = await time('/api/health');
  const cached = await time(`/api/projects/${project.id}/structure-analysis`, token);
  const row = (name: string, s: number[]) =>
    `  ${name.padEnd(40)} p50 ${percentile(s, 50).toFixed(2).padStart(7)} ms  p99 ${percentile(s, 99).toFixed(2).padStart(7)} ms  ratio p50 ${(percentile(s, 50) / percentile(baseline, 50)).toFixed(2)}x`;
  console.log(`\nCached reads, ${SAMPLES} samples (mirror fresh: no job started)`);
  console.log(row('baseline GET /api/health', baseline));
  console.log(row('GET .../structure-analysis (cached)', cached));
} finally {
  await app.close();
  await jobs.queue.close();
  await database.close();
  rmSync(repoDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * p50/p95 latency of GET /api/projects for a user with 500 projects (1–3 repositories each), over
 * real HTTP on loopback, against a named baseline measured in the same run: GET /api/health, which
 * crosses the same stack (Fastify, auth-free, one trivial query) — so the ratio is the cost of the
 * list itself. Runs on embedded PGlite, and also on PostgreSQL when BENCH_DATABASE_URL is set.
 *
 *   npm run bench                     # or: node --conditions=source --import tsx bench/projects-list.ts
 */
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { MemoryRateLimiter } from '../apps/server/src/lib/rate-limit/memory-rate-limiter.js';
import { compose } from '../apps/server/src/composition.js';
import { processLogger } from '../apps/server/src/lib/logging.js';
import { testConfig } from '../apps/server/src/testing/test-config.js';

const PROJECTS = 500;
const WARMUP = 30;
const SAMPLES = 300;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeRequests(url: string, headers: Record<string, string>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i += 1) await (await fetch(url, { headers })).arrayBuffer();
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    samples.push(performance.now() - started);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  }
  return samples.sort((a, b) => a - b);
}

async function run(label: string, database: DatabaseHandle): Promise<void> {
  await runMigrations(database);
  const config = testConfig({
    workers: 0,
    authRateLimit: { windowMs: 60_000, perIp: 1000, perEmailIp: 1000, perEmail: 1000 },
  });
  const jobs = await compose({
    config,
    database,
    rateLimiter: new MemoryRateLimiter(),
    logger: processLogger(false),
  });
  const app = await buildApp(jobs);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const email = `bench.${Date.now()}@example.com`;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email, password: 'Sup3rSecret' }),
    });
    const { token } = ((await registered.json()) as { data: { token: string } }).data;
    const auth = { authorization: `Bearer ${token}` };
    for (let i = 0; i < PROJECTS; i += 1) {
      const repos = Array.from({ length: 1 + (i % 3) }, (_, r) => ({
        url: `https://github.com/bench-org/repo-${i}-${r}`,
      }));
      const response = await fetch(`${base}/api/projects`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Proje ${i} İstanbul`, description: `Açıklama ${i}`, repos }),
      });
      if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`);
    }
    const baseline = await timeRequests(`${base}/api/health`, {});
    const list = await timeRequests(`${base}/api/projects`, auth);
    const search = await timeRequests(
      `${base}/api/projects?search=${encodeURIComponent('istanbul 4')}&status=active`,
      auth,
    );
    const row = (name: string, samples: number[]) => {
      const p50 = percentile(samples, 50);
      return `  ${name.padEnd(34)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms  ratio to baseline p50 ${(p50 / percentile(baseline, 50)).toFixed(2)}x`;
    };
    console.log(`\n${label}: ${PROJECTS} projects, ${SAMPLES} samples each, loopback HTTP`);
    console.log(row('baseline GET /api/health', baseline));
    console.log(row('GET /api/projects (all 500)', list));
    console.log(row('GET /api/projects?search&status', search));
  } finally {
    await app.close();
    await database.close();
  }
}

await run('PGlite (embedded)', await openDatabase({ kind: 'pglite', dataDir: null }));
if (process.env.BENCH_DATABASE_URL) {
  await run(
    'PostgreSQL',
    await openDatabase({ kind: 'postgres', url: process.env.BENCH_DATABASE_URL }),
  );
}

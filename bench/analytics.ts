/**
 * Analytics: p50/p95 of `GET /api/projects/{id}/analytics` over real HTTP on loopback,
 * for a project of 50 GitHub repositories and 20,000 stored pull requests (2 reviews each):
 *
 * - cold: the stored answer marked stale before each request, so every request computes the
 *   figures (the SQL aggregates) and stores them;
 * - warm: the stored answer served as it is (goal: p95 under 200 ms);
 * - baseline, same run: `GET /api/projects/{id}/pull-requests`, first page;
 * - the 2-year period: a second project of 50 repositories whose 20,000 pull requests are spread
 *   over 2 years, read with `from`/`to` spanning 730 days (monthly trend buckets, 730 days of
 *   activity), cold and warm.
 *
 * On embedded PGlite; also on PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set (a
 * database is created for the run and dropped after it).
 *
 *   npm run bench -- analytics [pull requests, default 20000]
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import {
  projectAnalytics,
  projectRepos,
  pullRequestReviews,
  pullRequests,
} from '../apps/server/src/db/schema/index.js';
import { MemoryRateLimiter } from '../apps/server/src/lib/rate-limit/memory-rate-limiter.js';
import { compose } from '../apps/server/src/composition.js';
import { processLogger } from '../apps/server/src/lib/logging.js';
import { testConfig } from '../apps/server/src/testing/test-config.js';

const PULLS = Number(process.argv[2] ?? 20_000);
const REPOS = 50;
const COLD = 8;
const WARM = 100;
const HOUR = 3_600_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(url: string, headers: Record<string, string>, before?: () => Promise<void>) {
  await before?.();
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function samples(
  count: number,
  url: string,
  headers: Record<string, string>,
  before?: () => Promise<void>,
) {
  const all: number[] = [];
  for (let i = 0; i < count; i += 1) all.push(await timed(url, headers, before));
  return all.sort((a, b) => a - b);
}

async function seed(database: DatabaseHandle, projectId: string, owner: string, spanDays: number) {
  const { db } = database;
  const repos = Array.from({ length: REPOS }, (_, i) => ({
    projectId,
    name: `repo-${i}`,
    owner,
    repo: `repo-${i}`,
    repoKey: `github.com/${owner}/repo-${i}`,
    url: `https://github.com/${owner}/repo-${i}`,
    provider: 'github' as const,
    position: i,
  }));
  await db.insert(projectRepos).values(repos);
  const now = Date.now();
  const span = spanDays * 24 * HOUR;
  for (let start = 0; start < PULLS; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, PULLS - start) }, (_, k) => {
      const n = start + k;
      const created = now - Math.floor((n / PULLS) * span) - HOUR;
      const state = n % 4 === 0 ? 'open' : n % 4 === 1 ? 'closed' : 'merged';
      const end = Math.min(now, created + ((n % 48) + 1) * HOUR);
      const author = n % 13 === 0 ? 'Copilot' : n % 7 === 0 ? 'renovate[bot]' : `dev-${n % 40}`;
      return {
        repoKey: `${owner}/repo-${n % REPOS}`,
        number: Math.floor(n / REPOS) + 1,
        nodeId: `PR_${n}`,
        title: `Change ${n}`,
        state: state as 'open' | 'closed' | 'merged',
        draft: n % 17 === 0,
        authorLogin: author,
        authorIsBot: author !== `dev-${n % 40}`,
        createdAt: new Date(created),
        updatedAt: new Date(end),
        closedAt: state === 'open' ? null : new Date(end),
        mergedAt: state === 'merged' ? new Date(end) : null,
        additions: (n * 37) % 900,
        deletions: (n * 11) % 300,
        headRef: `change-${n}`,
        headSha: `sha${n}`,
        baseRef: 'main',
        url: `https://github.com/${owner}/repo-${n % REPOS}/pull/${Math.floor(n / REPOS) + 1}`,
        firstCommitAt: new Date(created - (n % 10) * HOUR),
      };
    });
    const saved = await db.insert(pullRequests).values(rows).returning({
      id: pullRequests.id,
      createdAt: pullRequests.createdAt,
      number: pullRequests.number,
    });
    const reviews = saved.flatMap((row, k) => [
      {
        pullRequestId: row.id,
        reviewId: `C${owner}${start + k}`,
        state: 'commented' as const,
        authorLogin: `dev-${(start + k + 1) % 40}`,
        submittedAt: new Date(row.createdAt.getTime() + HOUR / 2),
      },
      {
        pullRequestId: row.id,
        reviewId: `A${owner}${start + k}`,
        state: 'approved' as const,
        authorLogin: `dev-${(start + k + 2) % 40}`,
        submittedAt: new Date(row.createdAt.getTime() + HOUR / 2 + 60_000),
      },
    ]);
    await db.insert(pullRequestReviews).values(reviews);
  }
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
    logger: processLogger(process.env.BENCH_LOG ? { level: 'error' } : false),
  });
  const app = await buildApp(jobs);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench',
        email: `bench.${Date.now()}@example.com`,
        password: 'Sup3rSecret',
      }),
    });
    const { token } = ((await registered.json()) as { data: { token: string } }).data;
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${base}/api/projects`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench' }),
    });
    const projectId = ((await created.json()) as { data: { id: string } }).data.id;
    const longCreated = await fetch(`${base}/api/projects`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench, two years' }),
    });
    const longProjectId = ((await longCreated.json()) as { data: { id: string } }).data.id;
    const seeding = performance.now();
    await seed(database, projectId, 'bench', 120);
    await seed(database, longProjectId, 'bench2', 730);
    console.log(
      `${label}: seeded 2 × ${REPOS} repositories, 2 × ${PULLS.toLocaleString('en')} pull requests ` +
        `(over 120 days and over 2 years), ${(4 * PULLS).toLocaleString('en')} reviews in ` +
        `${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    // Seeding can outlast the server's keep-alive: a request on the socket it closed would fail,
    // so one throwaway request lets fetch drop that socket first.
    await fetch(`${base}/api/health`).catch(() => undefined);
    const markStale = async () => {
      await database.db.update(projectAnalytics).set({ stale: true });
    };
    const url = (days: number) => `${base}/api/projects/${projectId}/analytics?days=${days}`;
    // Warm-up: the first request pays the statement's first planning and the JIT.
    await timed(url(90), auth, markStale);
    const baseline = await samples(WARM, `${base}/api/projects/${projectId}/pull-requests`, auth);
    const cold30 = await samples(COLD, url(30), auth, markStale);
    const cold90 = await samples(COLD, url(90), auth, markStale);
    const warm30 = await samples(WARM, url(30), auth);
    // The user has no time zone: the 730 days ending today in UTC.
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 729 * 24 * HOUR)
      .toISOString()
      .slice(0, 10);
    const twoYears = `${base}/api/projects/${longProjectId}/analytics?from=${from}&to=${today}`;
    await timed(twoYears, auth, markStale);
    const coldLong = await samples(COLD, twoYears, auth, markStale);
    const warmLong = await samples(WARM, twoYears, auth);
    const row = (name: string, all: number[]) =>
      console.log(
        `  ${name.padEnd(44)} p50 ${percentile(all, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(all, 95).toFixed(1).padStart(7)} ms   (${all.length} requests)`,
      );
    row('baseline: pull-requests, first page', baseline);
    row('analytics cold (computed), 30 days', cold30);
    row('analytics cold (computed), 90 days', cold90);
    row('analytics warm (stored), 30 days', warm30);
    row('analytics cold (computed), 2 years (730 days)', coldLong);
    row('analytics warm (stored), 2 years (730 days)', warmLong);
    for (const [name, all] of [
      ['30 days', warm30],
      ['2 years', warmLong],
    ] as const) {
      const p95 = percentile(all, 95);
      console.log(
        `  warm p95 ${name} ${p95.toFixed(1)} ms: goal < 200 ms ${p95 < 200 ? 'met' : 'MISSED'}`,
      );
    }
    const [{ n } = { n: 0 }] = (
      (await database.db.execute(sql`select count(*)::int as n from pull_requests`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    if (n !== 2 * PULLS) throw new Error(`stored ${n} of ${2 * PULLS}`);
  } finally {
    await app.close();
    await jobs.queue.close();
  }
}

async function main() {
  const pglite = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    await run('PGlite', pglite);
  } finally {
    await pglite.close();
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return;
  const name = `rota_bench_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ kind: 'postgres', url: adminUrl, maxConnections: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const postgres = await openDatabase({ kind: 'postgres', url: target.toString() });
  try {
    await run('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
    await admin.close();
  }
}

await main();

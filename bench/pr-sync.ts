/**
 * Speed and cost of the pull-request sync, against the local GitHub double (REST with
 * real ETags, GraphQL executed against GitHub's published schema) and embedded PGlite:
 *
 * 1. 1,000 pull requests, each with reviews and review requests: GitHub calls of the first sync
 *    (budget 15), of a second sync with nothing changed (budget 2) and after one pull request
 *    changed (budget 3);
 * 2. 10,000 pull requests: wall time of the first sync (budget 60 s) and peak RSS.
 *
 * Octokit's throttling is turned off here only: it spaces GraphQL calls ~1 s apart (GitHub's advice
 * for mutations), so with it on the 10,000 case would time a hundred seconds of Octokit waiting.
 * The double runs in this process, so the wall time includes its own work (an upper bound on
 * Rota's), and the RSS includes PGlite (~1 GB at creation) and the double's data.
 *
 *   npm run bench -- pr-sync [pull requests of the large case, default 10000]
 *   node --expose-gc --conditions=source --import tsx bench/pr-sync.ts   # also: heap after a full GC
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import {
  GitHubClients,
  HttpCache,
  RateLimitState,
} from '../apps/server/src/modules/github/index.js';
import { GitHubPullRequests } from '../apps/server/src/modules/forges/index.js';
import { syncPullRequests } from '../apps/server/src/modules/pull-requests/index.js';
import {
  startGitHubDouble,
  type DoublePull,
  type DoubleRepository,
} from '../apps/server/src/testing/github-double/index.js';
import { testEvents } from '../apps/server/src/testing/test-events.js';

const LARGE = Number(process.argv[2] ?? 10_000);
const TOKEN = 'gho_bench';
const minute = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString();

function pulls(count: number): DoublePull[] {
  return Array.from({ length: count }, (_, n) => ({
    number: n + 1,
    title: `Change ${n + 1}`,
    author: n % 5 === 0 ? 'renovate[bot]' : `dev-${n % 40}`,
    authorIsBot: n % 5 === 0,
    head: `change-${n + 1}`,
    createdAt: minute(n * 10),
    updatedAt: minute(n * 10 + 5),
    state: n % 4 === 0 ? 'open' : n % 4 === 1 ? 'closed' : 'merged',
    additions: (n * 37) % 900,
    deletions: (n * 11) % 300,
    changedFiles: 1 + (n % 20),
    comments: n % 6,
    reviews: [
      { author: `dev-${(n + 1) % 40}`, state: 'COMMENTED', submittedAt: minute(n * 10 + 2) },
      {
        author: `dev-${(n + 2) % 40}`,
        state: 'CHANGES_REQUESTED',
        submittedAt: minute(n * 10 + 3),
      },
      { author: `dev-${(n + 2) % 40}`, state: 'APPROVED', submittedAt: minute(n * 10 + 4) },
    ],
    reviewRequests: n % 3 === 0 ? [`dev-${(n + 3) % 40}`, 'team:platform'] : [],
  }));
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-pr-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  await runMigrations(database);
  const small: DoubleRepository = {
    owner: 'bench',
    name: 'small',
    activity: { pulls: pulls(1_000) },
  };
  const large: DoubleRepository = {
    owner: 'bench',
    name: 'large',
    activity: { pulls: pulls(LARGE) },
  };
  const double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'bench', id: 1 } },
    repositories: [small, large],
  });
  const clients = new GitHubClients({
    apiUrl: double.apiUrl,
    serverToken: undefined,
    userToken: async () => TOKEN,
    cache: new HttpCache(database.db),
    rateLimits: new RateLimitState(),
    throttling: false,
  });
  const forge = new GitHubPullRequests(clients);
  const userId = randomUUID();
  const sync = async (repo: DoubleRepository) => {
    const before = double.requests.length;
    const started = performance.now();
    const outcome = await syncPullRequests(
      { db: database.db, forge, events: testEvents(), now: Date.now },
      { owner: repo.owner, repo: repo.name, userId },
    );
    const calls = double.requests.slice(before);
    return {
      ms: performance.now() - started,
      outcome,
      calls: calls.length,
      detail: `${calls
        .filter((c) => c.url.includes('/pulls'))
        .map((c) => `REST ${c.status}`)
        .join(', ')}; GraphQL ${calls.filter((c) => c.url.endsWith('/graphql')).length}`,
    };
  };
  const line = (label: string, run: Awaited<ReturnType<typeof sync>>, budget?: number) => {
    const limit =
      budget === undefined ? '' : ` (budget ${budget}${run.calls <= budget ? '' : ', EXCEEDED'})`;
    console.log(
      `${label.padEnd(34)} ${String(run.calls).padStart(3)} calls${limit}: ${run.detail}; ${run.outcome.stored} stored, ${run.ms.toFixed(0)} ms`,
    );
  };
  try {
    console.log('1,000 pull requests, 3 reviews each:');
    line('  first sync', await sync(small), 15);
    line('  second sync, nothing changed', await sync(small), 2);
    const changed = small.activity!.pulls![500]!;
    changed.title = 'Changed between syncs';
    changed.updatedAt = minute(10 ** 6);
    line('  after one pull request changed', await sync(small), 3);

    const before = process.memoryUsage();
    // Sampled during the sync: a store that held every page would grow with the repository.
    const peaks = { rss: before.rss, heap: before.heapUsed };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peaks.rss = Math.max(peaks.rss, now.rss);
      peaks.heap = Math.max(peaks.heap, now.heapUsed);
    }, 25);
    const largeRun = await sync(large);
    clearInterval(sampler);
    const processPeak = process.resourceUsage().maxRSS * 1024;
    console.log(`\n${LARGE.toLocaleString('en')} pull requests, first sync:`);
    line('  first sync', largeRun);
    console.log(
      `  wall ${(largeRun.ms / 1000).toFixed(1)} s (budget 60 s${largeRun.ms <= 60_000 ? '' : ', EXCEEDED'}); ` +
        `RSS ${mb(before.rss)} before, ${mb(peaks.rss)} peak during; heap ${mb(before.heapUsed)} before, ` +
        `${mb(peaks.heap)} peak during; process peak RSS ${mb(processPeak)} (PGlite's creation included)`,
    );
    // With --expose-gc: what is still held after the sync (the peak above includes garbage).
    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) {
      gc();
      console.log(`  heap after a full GC: ${mb(process.memoryUsage().heapUsed)}`);
    }
    if (largeRun.outcome.stored !== LARGE)
      throw new Error(`stored ${largeRun.outcome.stored} of ${LARGE}`);
  } finally {
    await double.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

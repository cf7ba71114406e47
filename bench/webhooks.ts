/**
 * Speed and cost of webhooks: acknowledgement at 200 deliveries/s, and no delivery lost when
 * the process is killed under that load. Against the real server process (`server.ts` from source
 * through tsx, embedded PGlite in a temp DATA_DIR) and the local GitHub double (GITHUB_API_URL):
 *
 * 1. seed: a user, a project with https://github.com/bench/api, `POST /api/projects/{id}/webhook`
 *    (the double keeps the hook and its secret, as GitHub would);
 * 2. run 1: 200 signed deliveries/s for 10 s (ping, pull_request opened, push, round robin),
 *    open loop (sent on schedule, not after the previous answer); acknowledgement p50/p99/max;
 * 3. run 2: the same load, the server SIGKILLed after 5 s; then restarted on the same DATA_DIR;
 * 4. the server is stopped and its database read: every delivery acknowledged (202) in either run
 *    must be `processed`.
 *
 * Beside the deliveries, GET /api/health is asked 20 times a second on its own connections: its p99
 * in the same run is the baseline that says how much of an ack's time is the busy, shared machine.
 * When BENCH_DATABASE_URL is set the whole bench runs again on PostgreSQL (a fresh database made for
 * the run) + Redis when BENCH_REDIS_URL is set (BullMQ; give it a db index no test uses, e.g.
 * redis://127.0.0.1:6379/11). `--only pglite|postgres` runs one of them; `--profile` runs run 1
 * only, under `--cpu-prof`, and prints the server's heaviest functions; `--statements` runs run 1
 * only and prints the SQL statements the server sent per delivery (`lib/count-statements.ts`);
 * `--kinds ping,pull_request,push` sends only those kinds. Pull requests vary in number and head
 * (PULL_REQUEST_NUMBERS of them), as a repository's deliveries do, so the store's and the review
 * engine's subscribers do the work of distinct pull requests, not of one repeated payload.
 *
 *   npm run bench -- webhooks [seconds] [--rate 200] [--only pglite|postgres] [--profile]
 *     [--statements] [--kinds ping,pull_request,push]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase, type DatabaseTarget } from '../apps/server/src/db/client.js';
import { webhookDeliveries } from '../apps/server/src/db/schema/index.js';
import { startGitHubDouble } from '../apps/server/src/testing/github-double/index.js';
import { topCategories, topFunctions } from './lib/cpu-profile.js';
import { withFreshDatabase } from './lib/fresh-database.js';
import { reportStatements, statementCounts } from './lib/statement-counts.js';
import { signedBodies } from './lib/webhook-bodies.js';
import { processCpuSeconds } from './lib/process-cpu.js';
import { stopProcess, waitHealthy } from './lib/server-process.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const RATE = Number(option('--rate') ?? 200);
const ONLY = option('--only');
const profileAt = args.indexOf('--profile');
const PROFILE = profileAt >= 0 ? args.splice(profileAt, 1).length > 0 : false;
const statementsAt = args.indexOf('--statements');
const STATEMENTS = statementsAt >= 0 ? args.splice(statementsAt, 1).length > 0 : false;
const KINDS = (option('--kinds') ?? 'ping,pull_request,push').split(',');
/** Distinct pull requests the pull_request deliveries are about (each number with its own head). */
const PULL_REQUEST_NUMBERS = 100;
const SECONDS = Number(args[0] ?? 10);
const HEALTH_RATE = 20;
const TOKEN = 'gho_bench';
const root = path.resolve(import.meta.dirname, '..');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/** Health checks on their own sockets, so they never queue behind deliveries in the client. */
const healthAgent = new Agent({ keepAlive: true, maxSockets: 4 });

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Answer {
  status: number;
  body: string;
}

function send(
  base: string,
  method: string,
  route: string,
  options: {
    token?: string;
    body?: string;
    headers?: Record<string, string>;
    agent?: Agent;
  } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${base}${route}`,
      {
        method,
        agent: options.agent ?? agent,
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

function startServer(
  env: Record<string, string>,
  measure: { profileDir?: string; countStatements?: boolean } = {},
): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...(measure.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${measure.profileDir}`] : []),
      '--conditions=source',
      '--import',
      'tsx',
      ...(measure.countStatements ? ['--import', './bench/lib/count-statements.ts'] : []),
      'apps/server/src/server.ts',
    ],
    {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function seed(base: string, double: Awaited<ReturnType<typeof startGitHubDouble>>) {
  const registered = await send(base, 'POST', '/api/auth/register', {
    body: JSON.stringify({
      name: 'Bench',
      email: `webhooks.${Date.now()}@example.com`,
      password: 'Sup3rSecret',
    }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const token = (JSON.parse(registered.body) as { data: { token: string } }).data.token;
  const created = await send(base, 'POST', '/api/projects', {
    token,
    body: JSON.stringify({ name: 'Webhooks', repos: [{ url: 'https://github.com/bench/api' }] }),
  });
  if (created.status !== 201) throw new Error(`project answered ${created.status} ${created.body}`);
  const projectId = (JSON.parse(created.body) as { data: { id: string } }).data.id;
  const installed = await send(base, 'POST', `/api/projects/${projectId}/webhook`, { token });
  const secret = double.repositories[0]!.hooks?.[0]?.config.secret;
  if (installed.status !== 200 || !secret)
    throw new Error(`install answered ${installed.status} ${installed.body}`);
  return secret;
}

interface RunResult {
  sent: number;
  acknowledged: string[];
  latencies: number[];
  refused: number;
  failed: number;
  /** GET /api/health answered 200 during the run: the same-run baseline. */
  health: number[];
}

/** Open loop: deliveries leave on schedule whether or not earlier ones were answered. */
async function run(
  base: string,
  kinds: ReturnType<typeof signedBodies>,
  onTick?: (ms: number) => void,
) {
  const result: RunResult = {
    sent: 0,
    acknowledged: [],
    latencies: [],
    refused: 0,
    failed: 0,
    health: [],
  };
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  const total = RATE * SECONDS;
  let healthSent = 0;
  while (result.sent < total) {
    const elapsed = performance.now() - started;
    onTick?.(elapsed);
    while (healthSent < Math.floor((elapsed / 1000) * HEALTH_RATE)) {
      healthSent += 1;
      const at = performance.now();
      pending.push(
        send(base, 'GET', '/api/health', { agent: healthAgent }).then(
          (answer) => void (answer.status === 200 && result.health.push(performance.now() - at)),
          () => undefined,
        ),
      );
    }
    const due = Math.min(total, Math.floor((elapsed / 1000) * RATE));
    while (result.sent < due) {
      const variants = kinds[result.sent % kinds.length]!;
      const kind = variants[Math.floor(result.sent / kinds.length) % variants.length]!;
      const deliveryId = randomUUID();
      const at = performance.now();
      result.sent += 1;
      pending.push(
        send(base, 'POST', '/webhook/github', {
          body: kind.body,
          headers: {
            'x-github-delivery': deliveryId,
            'x-github-event': kind.event,
            'x-hub-signature-256': kind.signature,
          },
        }).then(
          (answer) => {
            if (answer.status === 202) {
              result.acknowledged.push(deliveryId);
              result.latencies.push(performance.now() - at);
            } else result.refused += 1;
          },
          () => void (result.failed += 1),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(pending);
  return result;
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

function report(label: string, result: RunResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  const health = [...result.health].sort((a, b) => a - b);
  console.log(
    `${label}: sent ${result.sent} at ${RATE}/s for ${SECONDS} s; 202: ${result.acknowledged.length}, other status: ${result.refused}, connection failed: ${result.failed}; ack p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms; GET /api/health p50 ${percentile(health, 50).toFixed(1)} ms, p99 ${percentile(health, 99).toFixed(1)} ms (${health.length}); load average after: ${load()}`,
  );
}

/** Statuses of the acknowledged deliveries, read from the stopped server's database. */
async function countProcessed(target: DatabaseTarget, acknowledged: string[]) {
  const database = await openDatabase(target);
  let processed = 0;
  try {
    for (let at = 0; at < acknowledged.length; at += 500) {
      const rows = await database.db
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.deliveryId, acknowledged.slice(at, at + 500)));
      processed += rows.filter((row) => row.status === 'processed').length;
    }
  } finally {
    await database.close();
  }
  return processed;
}

async function bench(label: string, extraEnv: Record<string, string>): Promise<number> {
  console.log(`\n${label}`);
  const double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'bench', id: 1 } },
    repositories: [{ owner: 'bench', name: 'api' }],
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-webhooks-'));
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'rota-bench-webhooks-prof-')) : '';
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const env = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    // What GitHub is told to call; the bench itself calls HOST:PORT.
    PUBLIC_URL: 'https://rota.bench.example',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    GITHUB_API_URL: double.apiUrl,
    GITHUB_WEB_URL: double.webUrl,
    GITHUB_TOKEN: TOKEN,
    ...extraEnv,
  };
  const target: DatabaseTarget = extraEnv.DATABASE_URL
    ? { kind: 'postgres', url: extraEnv.DATABASE_URL, maxConnections: 2 }
    : { kind: 'pglite', dataDir: path.join(dataDir, 'db') };
  const statementsFile = STATEMENTS ? path.join(dataDir, 'statements.json') : '';
  let server = startServer(
    statementsFile ? { ...env, STATEMENT_COUNTS_FILE: statementsFile } : env,
    { profileDir: profileDir || undefined, countStatements: STATEMENTS },
  );
  try {
    await waitHealthy(base, server);
    const kinds = signedBodies(await seed(base, double), KINDS, PULL_REQUEST_NUMBERS);
    console.log(`load average before: ${load()}`);
    const statementsBefore = statementsFile ? await statementCounts(server, statementsFile) : {};
    const cpuBefore = processCpuSeconds(server.pid!);
    const first = await run(base, kinds);
    report('run 1', first);
    // Acknowledging and processing together: CPU until the server is idle again (< 5% of a core).
    let cpu = processCpuSeconds(server.pid!);
    for (let waited = 0; waited < 300; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = processCpuSeconds(server.pid!);
      const idle = now - cpu < 0.05;
      cpu = now;
      if (idle) break;
    }
    console.log(
      `run 1 server CPU per delivery (acknowledged and processed, until idle): ${(((cpu - cpuBefore) * 1000) / first.sent).toFixed(2)} ms`,
    );
    if (statementsFile) {
      const after = await statementCounts(server, statementsFile);
      reportStatements(first.sent, statementsBefore, after);
    }
    if (PROFILE) {
      await stopProcess(server, 'SIGTERM');
      // One profile per thread (the main thread and PGlite's or tsx's workers): the main thread's
      // is the largest, and the one that answers and processes deliveries.
      const [file] = readdirSync(profileDir)
        .map((name) => path.join(profileDir, name))
        .sort((a, b) => statSync(b).size - statSync(a).size);
      console.log(`server CPU profile ${file!}, heaviest (self time):`);
      for (const line of topFunctions(file!, 25)) console.log(`  ${line}`);
      console.log('by package or module (self time):');
      for (const line of topCategories(file!, 20)) console.log(`  ${line}`);
    }
    if (PROFILE || STATEMENTS) return 0;

    let killedAt = -1;
    const victim = server;
    const second = await run(base, kinds, (ms) => {
      if (killedAt < 0 && ms >= (SECONDS * 1000) / 2) {
        killedAt = ms;
        victim.kill('SIGKILL');
      }
    });
    report(`run 2 (SIGKILL at ${(killedAt / 1000).toFixed(1)} s)`, second);
    // Killed by a signal: exitCode stays null and signalCode is set.
    if (victim.exitCode === null && victim.signalCode === null)
      await new Promise((resolve) => victim.once('exit', resolve));

    const acknowledged = [...first.acknowledged, ...second.acknowledged];
    let processed = 0;
    const restartStarted = performance.now();
    for (let round = 1; round <= 6; round += 1) {
      server = startServer(env);
      await waitHealthy(base, server);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      await stopProcess(server, 'SIGTERM');
      processed = await countProcessed(target, acknowledged);
      console.log(
        `after restart ${round}: ${processed} of ${acknowledged.length} acknowledged deliveries processed`,
      );
      if (processed === acknowledged.length) break;
    }
    console.log(
      `restart to all processed (incl. stop/read rounds): ${((performance.now() - restartStarted) / 1000).toFixed(1)} s`,
    );
    if (processed !== acknowledged.length) {
      console.error(`LOST: ${acknowledged.length - processed} acknowledged deliveries`);
      return 1;
    }
    return 0;
  } finally {
    await stopProcess(server, 'SIGTERM');
    await double.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let failures = 0;
if (ONLY !== 'postgres') failures += await bench('Embedded (PGlite, in-process queue)', {});
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (databaseUrl && ONLY !== 'pglite') {
  const redisUrl = process.env.BENCH_REDIS_URL;
  failures += await withFreshDatabase(databaseUrl, 'rota_bench_webhooks', (url) =>
    bench(`PostgreSQL${redisUrl ? ' + Redis' : ''}`, {
      DATABASE_URL: url,
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    }),
  );
}
agent.destroy();
healthAgent.destroy();
if (failures) process.exitCode = 1;

/**
 * Issue 11 "Speed and cost": webhook acknowledgement at 200 deliveries/s, and no delivery lost when
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
 *   npm run bench -- webhooks [seconds] [--rate 200]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { webhookDeliveries } from '../apps/server/src/db/schema/index.js';
import { signBody } from '../apps/server/src/modules/webhooks/signature.js';
import { startGitHubDouble } from '../apps/server/src/testing/github-double/index.js';
import { examplePayload } from '../apps/server/src/testing/webhook-deliveries.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const RATE = Number(option('--rate') ?? 200);
const SECONDS = Number(args[0] ?? 10);
const TOKEN = 'gho_bench';
const root = path.resolve(import.meta.dirname, '..');
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

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
  options: { token?: string; body?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      `${base}${route}`,
      {
        method,
        agent,
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

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', 'apps/server/src/server.ts'],
    {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

async function waitHealthy(base: string, child: ChildProcess) {
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await send(base, 'GET', '/api/health')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not answer /api/health within 120 s');
}

async function stopServer(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
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

/** Signed bodies to send round robin; each delivery gets its own id. */
function bodies(secret: string) {
  const repository = { owner: 'bench', repo: 'api' };
  return [
    ['ping', examplePayload('ping', repository)],
    ['pull_request', examplePayload('pull_request', repository, 'opened')],
    ['push', examplePayload('push', repository)],
  ].map(([event, payload]) => {
    const body = JSON.stringify(payload);
    return { event: event as string, body, signature: signBody(body, secret) };
  });
}

interface RunResult {
  sent: number;
  acknowledged: string[];
  latencies: number[];
  refused: number;
  failed: number;
}

/** Open loop: deliveries leave on schedule whether or not earlier ones were answered. */
async function run(base: string, kinds: ReturnType<typeof bodies>, onTick?: (ms: number) => void) {
  const result: RunResult = { sent: 0, acknowledged: [], latencies: [], refused: 0, failed: 0 };
  const pending: Array<Promise<void>> = [];
  const started = performance.now();
  const total = RATE * SECONDS;
  while (result.sent < total) {
    const elapsed = performance.now() - started;
    onTick?.(elapsed);
    const due = Math.min(total, Math.floor((elapsed / 1000) * RATE));
    while (result.sent < due) {
      const kind = kinds[result.sent % kinds.length]!;
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

function report(label: string, result: RunResult) {
  const sorted = [...result.latencies].sort((a, b) => a - b);
  console.log(
    `${label}: sent ${result.sent} at ${RATE}/s for ${SECONDS} s; 202: ${result.acknowledged.length}, other status: ${result.refused}, connection failed: ${result.failed}; ack p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
  );
}

async function main() {
  const double = await startGitHubDouble({
    tokens: { [TOKEN]: { login: 'bench', id: 1 } },
    repositories: [{ owner: 'bench', name: 'api' }],
  });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-webhooks-'));
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
  };
  let server = startServer(env);
  try {
    await waitHealthy(base, server);
    const kinds = bodies(await seed(base, double));
    console.log(
      `load average before: ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    const first = await run(base, kinds);
    report('run 1', first);

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
      await stopServer(server, 'SIGTERM');
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
      processed = 0;
      for (let at = 0; at < acknowledged.length; at += 500) {
        const rows = await database.db
          .select({ status: webhookDeliveries.status })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.deliveryId, acknowledged.slice(at, at + 500)));
        processed += rows.filter((row) => row.status === 'processed').length;
      }
      await database.close();
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
      process.exitCode = 1;
    }
  } finally {
    await stopServer(server, 'SIGTERM');
    await double.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

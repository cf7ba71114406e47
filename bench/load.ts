/**
 * Mixed reads and writes from 20 connections against the real server process (its own
 * `server.ts`, started with the env a deployment uses), on embedded PGlite and, when
 * BENCH_DATABASE_URL is set, on PostgreSQL (a fresh database made for the run) + Redis
 * (BENCH_REDIS_URL; BullMQ queue and rate limiter). The stored analysis is real: the bench builds a
 * small git repository, the server analyses it (ALLOW_LOCAL_REPOS=true), and only then does the load
 * start. Each connection loops over a fixed mix — list 50 projects, read the stored structure
 * analysis, health, create/update/delete a project of its own — and every route's p50/p99 and req/s
 * are printed beside GET /api/health measured in the same run (the ratio is what survives a busy,
 * shared machine). Any non-2xx answer or socket error is counted and fails the run.
 *
 *   npm run bench -- load [seconds] [--connections 20] [--profile]     # default 60 s
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { topFunctions } from './lib/cpu-profile.js';
import { withFreshDatabase } from './lib/fresh-database.js';
import { processCpuSeconds } from './lib/process-cpu.js';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const CONNECTIONS = Number(option('--connections') ?? 20);
const profileAt = args.indexOf('--profile');
/** Writes a CPU profile of each server process and prints its heaviest functions. */
const PROFILE = profileAt >= 0 ? args.splice(profileAt, 1).length > 0 : false;
const SECONDS = Number(args[0] ?? 60);
const PROJECTS = 50;
const FILES = 120;
const root = path.resolve(import.meta.dirname, '..');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

function fixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rota-bench-load-repo-'));
  const git = (...gitArgs: string[]) =>
    execFileSync('git', gitArgs, {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_CONFIG_NOSYSTEM: '1',
        HOME: '/nonexistent',
      },
    });
  git('init', '-q', '--initial-branch=main');
  writeFileSync(path.join(dir, 'README.md'), '# Load\n\nA synthetic repository.\n');
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'load', dependencies: { fastify: '^5', pg: '^8' } }),
  );
  const kinds = ['ts', 'py', 'go', 'md', 'css', 'json'] as const;
  for (let i = 0; i < FILES; i += 1) {
    const folder = path.join(dir, `area${i % 12}`, `part${i % 5}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `file${i}.${kinds[i % kinds.length]}`), `// ${i}\n`.repeat(i));
  }
  git('add', '-A');
  git('-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-qm', 'load');
  return dir;
}

const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });

/** Answers every GitHub API request 404 at once (see startServer). */
const githubNotFound = await new Promise<{ url: string; server: Server }>((resolve) => {
  const server = createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"message":"Not Found"}');
  }).listen(0, '127.0.0.1', () =>
    resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
  );
});

interface Answer {
  status: number;
  body: string;
}
function send(base: string, method: string, route: string, token?: string, body?: unknown) {
  return new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      `${base}${route}`,
      {
        method,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
const data = (answer: Answer) => (JSON.parse(answer.body) as { data: any }).data; // eslint-disable-line @typescript-eslint/no-explicit-any

async function startServer(
  env: Record<string, string>,
  profileDir: string | null,
): Promise<{ base: string; child: ChildProcess }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--conditions=source',
      '--import',
      'tsx',
      'apps/server/src/server.ts',
    ],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ALLOW_LOCAL_REPOS: 'true',
        MIRROR_FRESHNESS_S: '86400',
        // The seeded github.com projects queue GitHub refreshes and pull-request syncs, as they
        // would in use. There is no network here, and a refused or unanswered request is retried
        // (after 1 s and 4 s, client-factory.ts): the analysis the load needs waited behind ~100
        // such jobs (~8 minutes of seeding), which then still ran during the load. A loopback
        // GitHub that says "Not Found" at once ends each of them in one request.
        GITHUB_API_URL: githubNotFound.url,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await send(base, 'GET', '/api/health')).status === 200) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not answer /api/health within 60 s');
}

async function seed(base: string, repoDir: string) {
  const registered = await send(base, 'POST', '/api/auth/register', undefined, {
    name: 'Bench',
    email: `load.${Date.now()}@example.com`,
    password: 'Sup3rSecret',
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const { token } = data(registered) as { token: string };
  const analysed = data(
    await send(base, 'POST', '/api/projects', token, {
      name: 'Analysed',
      repos: [{ url: repoDir }],
    }),
  ) as { id: string };
  for (let i = 1; i < PROJECTS; i += 1) {
    const created = await send(base, 'POST', '/api/projects', token, {
      name: `Proje ${i} İstanbul`,
      description: `Açıklama ${i}`,
      repos: [{ url: `https://github.com/bench-org/repo-${i}` }],
    });
    if (created.status !== 201) throw new Error(`seeding answered ${created.status}`);
  }
  const structure = `/api/projects/${analysed.id}/structure-analysis`;
  for (let i = 0; ; i += 1) {
    const answer = await send(base, 'GET', structure, token);
    if (answer.status === 200 && data(answer).repositories[0].status === 'ready')
      return { token, structure, bytes: Buffer.byteLength(answer.body) };
    if (i > 1200) throw new Error(`analysis not ready after 120 s: ${answer.body.slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Step = { route: string; run: () => Promise<Answer> };

async function load(label: string, env: Record<string, string>) {
  const repoDir = fixture();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-load-data-'));
  const profileDir = PROFILE ? mkdtempSync(path.join(tmpdir(), 'rota-bench-load-profile-')) : null;
  const { base, child } = await startServer({ DATA_DIR: dataDir, ...env }, profileDir);
  try {
    const seeding = performance.now();
    const { token, structure, bytes } = await seed(base, repoDir);
    console.log(`\n${label}: seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    const samples = new Map<string, number[]>();
    const errors = new Map<string, number>();
    const stop = performance.now() + SECONDS * 1000;
    const timed = async (name: string, run: () => Promise<Answer>) => {
      const started = performance.now();
      let answer: Answer | undefined;
      try {
        answer = await run();
      } catch {
        // counted below as an error
      }
      const ms = performance.now() - started;
      if (!answer || answer.status >= 300) {
        errors.set(name, (errors.get(name) ?? 0) + 1);
        if ((errors.get(name) ?? 0) <= 3)
          console.error(
            `  ${name}: ${answer ? `${answer.status} ${answer.body.slice(0, 200)}` : 'socket error'}`,
          );
      } else {
        const list = samples.get(name) ?? [];
        list.push(ms);
        samples.set(name, list);
      }
      return answer;
    };
    const connection = async (n: number) => {
      while (performance.now() < stop) {
        const reads: Step[] = [
          { route: 'GET /api/projects', run: () => send(base, 'GET', '/api/projects', token) },
          {
            route: 'GET structure-analysis (stored)',
            run: () => send(base, 'GET', structure, token),
          },
          { route: 'GET /api/health', run: () => send(base, 'GET', '/api/health') },
        ];
        for (const step of reads) await timed(step.route, step.run);
        const created = await timed('POST /api/projects', () =>
          send(base, 'POST', '/api/projects', token, { name: `Load ${n}`, description: 'x' }),
        );
        for (const step of reads) await timed(step.route, step.run);
        if (created?.status !== 201) continue;
        const id = (data(created) as { id: string }).id;
        await timed('PUT /api/projects/{id}', () =>
          send(base, 'PUT', `/api/projects/${id}`, token, { description: `updated ${n}` }),
        );
        for (const step of reads) await timed(step.route, step.run);
        await timed('DELETE /api/projects/{id}', () =>
          send(base, 'DELETE', `/api/projects/${id}`, token),
        );
      }
    };
    const serverCpu = () => processCpuSeconds(child.pid!);
    const cpuBefore = serverCpu();
    const loadBefore = loadavg()[0]!;
    const started = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, n) => connection(n)));
    const elapsed = (performance.now() - started) / 1000;
    const loadAfter = loadavg()[0]!;
    const cpu = serverCpu() - cpuBefore;

    const health = (samples.get('GET /api/health') ?? []).sort((a, b) => a - b);
    const healthP50 = percentile(health, 50);
    const healthP99 = percentile(health, 99);
    console.log(
      `\n${label}: ${CONNECTIONS} connections, ${elapsed.toFixed(1)} s, stored structure answer ${(bytes / 1024).toFixed(1)} KB, ` +
        `load average (1 min) ${loadBefore.toFixed(2)} before → ${loadAfter.toFixed(2)} after`,
    );
    console.log(
      `  ${'route'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  ${'p50/health'.padStart(10)} ${'p99/health'.padStart(10)}  errors`,
    );
    let total = 0;
    for (const [route, list] of [...samples].sort(([a], [b]) => a.localeCompare(b))) {
      list.sort((a, b) => a - b);
      const p50 = percentile(list, 50);
      const p99 = percentile(list, 99);
      console.log(
        `  ${route.padEnd(34)} ${(list.length / elapsed).toFixed(0).padStart(7)} ${p50.toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)}  ${(p50 / healthP50).toFixed(2).padStart(9)}x ${(p99 / healthP99).toFixed(2).padStart(9)}x  ${errors.get(route) ?? 0}`,
      );
      total += list.length;
    }
    let errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    console.log(
      `  all routes: ${(total / elapsed).toFixed(0)} req/s, ${errorCount} errors; server CPU ${cpu.toFixed(1)} s = ${((cpu * 1000) / total).toFixed(2)} ms per request`,
    );

    // Each read alone, all connections on it: its own throughput, and its server CPU per request
    // against health's (the fairest figure on a busy machine).
    const seconds = Math.max(2, SECONDS / 10);
    console.log(
      `\n  each read alone, ${CONNECTIONS} connections, ${seconds} s each (load average ${loadavg()[0]!.toFixed(2)})`,
    );
    console.log(
      `  ${'route'.padEnd(34)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  ${'CPU ms/req'.padStart(10)} ${'CPU/health'.padStart(10)}  errors`,
    );
    let healthCpu = NaN;
    for (const [route, path] of [
      ['GET /api/health', '/api/health'],
      ['GET /api/projects', '/api/projects'],
      ['GET structure-analysis (stored)', structure],
    ] as const) {
      samples.clear();
      errors.clear();
      const until = performance.now() + seconds * 1000;
      const cpuAt = serverCpu();
      const at = performance.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (performance.now() < until)
            await timed(route, () =>
              send(base, 'GET', path, path === '/api/health' ? undefined : token),
            );
        }),
      );
      const took = (performance.now() - at) / 1000;
      const list = (samples.get(route) ?? []).sort((a, b) => a - b);
      const perRequest = ((serverCpu() - cpuAt) * 1000) / list.length;
      if (route === 'GET /api/health') healthCpu = perRequest;
      const failed = errors.get(route) ?? 0;
      errorCount += failed;
      console.log(
        `  ${route.padEnd(34)} ${(list.length / took).toFixed(0).padStart(7)} ${percentile(list, 50).toFixed(1).padStart(8)} ${percentile(list, 99).toFixed(1).padStart(8)}  ${perRequest.toFixed(2).padStart(10)} ${(perRequest / healthCpu).toFixed(2).padStart(9)}x  ${failed}`,
      );
    }
    return errorCount;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    if (profileDir) {
      const [file] = readdirSync(profileDir);
      console.log(`\n  server CPU profile ${path.join(profileDir, file!)}, heaviest (self time):`);
      for (const line of topFunctions(path.join(profileDir, file!), 25)) console.log(`    ${line}`);
    }
    rmSync(repoDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

let failures = await load('Embedded (PGlite, in-process queue)', {});
const databaseUrl = process.env.BENCH_DATABASE_URL;
if (databaseUrl)
  failures += await withFreshDatabase(databaseUrl, 'rota_bench_load', (url) =>
    load(`PostgreSQL${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}`, {
      DATABASE_URL: url,
      ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
    }),
  );
agent.destroy();
githubNotFound.server.close();
if (failures) {
  console.error(`\n${failures} requests failed`);
  process.exit(1);
}

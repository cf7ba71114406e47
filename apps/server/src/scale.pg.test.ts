import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureRepo, type FixtureRepo } from './testing/git-fixtures.js';
import { createTestDatabase, type TestDatabase } from './testing/test-db.js';

// Scaled out as designed: two API processes (WORKERS=0) and one worker, sharing one
// PostgreSQL and one Redis. Needs both servers, so it runs in the PostgreSQL project with Redis.
const redisUrl = process.env.TEST_REDIS_URL;
const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Proc {
  child: ChildProcess;
  output: () => string;
  url?: string;
}

let database: TestDatabase;
let fixture: FixtureRepo;
const processes: Proc[] = [];
const dataDirs: string[] = [];

function start(script: string, extraEnv: Record<string, string>): Proc {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-scale-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', entry(script)], {
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl!,
      JWT_SECRET: 'scale-test-secret-that-is-long-enough-000000',
      ENCRYPTION_KEY: 'ab'.repeat(32),
      ALLOW_LOCAL_REPOS: 'true',
      ANALYSIS_WAIT_S: '0',
      LOG_LEVEL: 'info',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const proc: Proc = { child, output: () => output };
  processes.push(proc);
  return proc;
}

async function listening(proc: Proc): Promise<string> {
  await expect
    .poll(() => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.output())?.[1], {
      timeout: 30_000,
    })
    .toBeTruthy();
  proc.url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(proc.output())![1];
  return proc.url!;
}

async function call(base: string, method: string, route: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: Record<string, unknown> & { [key: string]: never } },
  };
}

describe.runIf(redisUrl)('two API processes and a worker on PostgreSQL + Redis', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    fixture = createFixtureRepo();
    fixture.commitFile('README.md', '# Scale\n\nA repository analysed across processes.\n');
    fixture.commitFile('src/app.js', "const x = require('./lib');\nmodule.exports = x;\n");
    fixture.commitFile('src/lib.js', 'module.exports = 42;\n');
  }, 60_000);
  afterAll(async () => {
    for (const proc of processes) proc.child.kill('SIGTERM');
    await Promise.all(
      processes.map(
        (proc) =>
          new Promise((resolve) =>
            proc.child.exitCode !== null ? resolve(null) : proc.child.on('exit', resolve),
          ),
      ),
    );
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    fixture?.remove();
    await database?.destroy();
  });

  it('sees a job enqueued by one API finished through the other, with no duplicate work', async () => {
    const [a, b] = [start('server.ts', { WORKERS: '0' }), start('server.ts', { WORKERS: '0' })];
    const worker = start('worker.ts', { WORKERS: '1' });
    const [urlA, urlB] = await Promise.all([listening(a), listening(b)]);
    await expect
      .poll(() => worker.output(), { timeout: 30_000 })
      .toContain('Rota worker is running');

    const registered = await call(urlA, 'POST', '/api/auth/register', undefined, {
      name: 'Scale',
      email: 'scale@example.com',
      password: 'Sup3rSecret',
    });
    const token = registered.body.data.token as unknown as string;
    const project = await call(urlB, 'POST', '/api/projects', token, {
      name: 'Scaled',
      repos: [{ url: fixture.dir }],
    });
    const projectId = project.body.data.id as unknown as string;

    // Both APIs ask at once: one job (dedupe key), whichever process inserted it.
    const [fromA, fromB] = await Promise.all([
      call(urlA, 'GET', `/api/projects/${projectId}/structure-analysis`, token),
      call(urlB, 'GET', `/api/projects/${projectId}/structure-analysis`, token),
    ]);
    expect(fromA.status).toBe(202);
    expect(fromB.status).toBe(202);
    const jobId = fromA.body.data.jobId as unknown as string;
    expect(fromB.body.data.jobId).toBe(jobId);

    await expect
      .poll(async () => (await call(urlB, 'GET', `/api/jobs/${jobId}`, token)).body.data.status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('succeeded');
    const done = await call(urlA, 'GET', `/api/projects/${projectId}/structure-analysis`, token);
    expect(done.status).toBe(200);
    const repositories = done.body.data.repositories as unknown as Array<{
      status: string;
      result: { structure: { totals: { files: number } } };
    }>;
    expect(repositories[0]!.status).toBe('ready');
    expect(repositories[0]!.result.structure.totals.files).toBe(3);

    const counted = await database.db.execute(
      // The structure's own work; the history that starts with it (for analytics) is its own job.
      "select count(*)::int as jobs, (select count(*)::int from analysis_results where kind = 'structure') as results from jobs where kind = 'analyze-repository' and payload ->> 'kind' = 'structure'" as never,
    );
    expect(
      (counted as unknown as { rows: Array<{ jobs: number; results: number }> }).rows[0],
    ).toEqual({ jobs: 1, results: 1 });
  }, 120_000);
});

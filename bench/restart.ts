// `npm run bench -- restart [runs]`: how long `npm start` takes, from the command to the first
// 200 of /api/health, when nothing changed since the last build — against the baseline of the same
// run: the full build (`npm run build -- --force`), which `npm start` paid on every start before it
// built only what changed. The database is created once before the timed restarts, so each
// restart reopens it as an installed server's restart does. Fails if a restart built anything.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.argv[2] ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-restart-'));
const port = 20_000 + Math.floor(Math.random() * 20_000);
const base = `http://127.0.0.1:${port}`;
// The build and the starts share one environment: the web build reads NODE_ENV and VITE_*.
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Started {
  child: ChildProcess;
  output: () => string;
  healthyMs: number;
}

/** `npm start` in a process group of its own (npm → sh → node), timed to the first healthy answer. */
async function npmStart(): Promise<Started> {
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = started + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200)
        return { child, output: () => output, healthyMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await stop(child);
  throw new Error(`npm start did not answer /api/health within 120 s:\n${output}`);
}

/**
 * SIGTERM to the group `npm start` made (the server shuts down cleanly), and waits until every
 * process of it is gone: npm exits before the server has closed its database and its port.
 */
async function stop(child: ChildProcess): Promise<void> {
  const group = -child.pid!;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (alive()) process.kill(group, 'SIGTERM');
  while (alive()) await new Promise((resolve) => setTimeout(resolve, 25));
}

try {
  const buildStarted = performance.now();
  const build = spawnSync('npm', ['run', 'build', '--', '--force'], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  if (build.status !== 0) throw new Error('npm run build -- --force failed');
  const fullBuildMs = performance.now() - buildStarted;

  const first = await npmStart(); // creates the database
  await stop(first.child);

  const restarts: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const restart = await npmStart();
    await stop(restart.child);
    const built = restart.output().match(/^build: \S+ \(.*$/m);
    if (built) throw new Error(`a restart with nothing changed built: ${built[0]}`);
    if (!/^Rota is ready: http:\/\/127\.0\.0\.1:\d+$/m.test(restart.output()))
      throw new Error(`no ready line:\n${restart.output()}`);
    restarts.push(restart.healthyMs);
  }

  const restart = median(restarts);
  console.log(`baseline: full build (npm run build -- --force)   ${seconds(fullBuildMs)}`);
  console.log(`first start, database created                     ${seconds(first.healthyMs)}`);
  console.log(
    `restart, nothing changed (npm start → health 200) median ${seconds(restart)} of ${RUNS} ` +
      `(${restarts.map(seconds).join(', ')}), ${(restart / fullBuildMs).toFixed(3)}× the full build`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopProcess, waitHealthy } from './server-process.js';

export interface BuiltServer {
  base: string;
  stop: () => Promise<void>;
}

/**
 * Starts `<root>/apps/server/dist/server.js` as a deployment would (production, the built web app,
 * a fresh embedded database in a temp directory), and waits until /api/health answers. `webDist`
 * serves another web build than the checkout's own (bench/lib/two-builds.ts).
 */
export async function startBuiltServer(
  root: string,
  options: { webDist?: string } = {},
): Promise<BuiltServer> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  const web = path.join(options.webDist ?? path.join(root, 'apps/web/dist'), 'index.html');
  for (const file of [entry, web]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` in ${root}`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-bench-pages-'));
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ALLOW_LOCAL_REPOS: 'true',
      MIRROR_FRESHNESS_S: '86400',
      ...(options.webDist ? { WEB_DIST_DIR: options.webDist } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    await stopProcess(child, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(base, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

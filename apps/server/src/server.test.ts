import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// These tests boot the real entry point as a user would (embedded PGlite in DATA_DIR); the
// PostgreSQL project excludes this file (vitest.config.ts).
const serverEntry = fileURLToPath(new URL('./server.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'rota-boot-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', serverEntry], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForUrl(output: () => string): Promise<string> {
  for (let i = 0; i < 300; i += 1) {
    // The plain line a user sees, with the address and the port (PORT=0) actually bound.
    const match = /^Rota is ready: (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output());
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${output()}`);
}

describe('server entry point', () => {
  it('refuses to start on bad configuration and names every bad variable', async () => {
    const server = startServer({ DATA_DIR: dataDir, PORT: 'x', LOG_LEVEL: 'chatty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).toContain('LOG_LEVEL');
  });

  it('starts on an empty DATA_DIR, keeps sessions valid across a restart, and stops cleanly', async () => {
    const first = startServer({ DATA_DIR: dataDir });
    const url = await waitForUrl(first.output);
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const registered = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Boot Test',
        email: 'boot@example.com',
        password: 'Sup3rSecret',
      }),
    });
    const { token } = ((await registered.json()) as { data: { token: string } }).data;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).not.toContain('Sup3rSecret');

    const second = startServer({ DATA_DIR: dataDir });
    const secondUrl = await waitForUrl(second.output);
    const verify = await fetch(`${secondUrl}/api/auth/verify`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verify.status).toBe(200);
    expect(((await verify.json()) as { data: { user: { email: string } } }).data.user.email).toBe(
      'boot@example.com',
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 60_000);
});

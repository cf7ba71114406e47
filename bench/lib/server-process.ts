import type { ChildProcess } from 'node:child_process';

/**
 * Waits until the server `child` answers `GET <base>/api/health` with 200, for at most 120 s (a
 * loaded two-core machine can take most of a minute to migrate a fresh embedded database). Throws
 * when the process exits first or the time runs out; stopping it is the caller's.
 */
export async function waitHealthy(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not answer /api/health within 120 s');
}

/** Sends `signal` to `child` unless it has already ended, and waits until it has. */
export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

import { execFile } from 'node:child_process';
import { statfs } from 'node:fs/promises';
import type { HealthDetail } from '@rota/contracts';

const GIT_TIMEOUT_MS = 5000;
/** git is not replaced under a running server often: asked again after a minute. */
const GIT_VERSION_MAX_AGE_MS = 60_000;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

let gitVersion: { at: number; version: Promise<string | null> } | undefined;

/** `git --version` (the binary every repository operation runs), or null when it does not run. */
export function readGitVersion(now = Date.now()): Promise<string | null> {
  if (!gitVersion || now - gitVersion.at >= GIT_VERSION_MAX_AGE_MS) {
    const version = new Promise<string | null>((resolve) => {
      execFile('git', ['--version'], { timeout: GIT_TIMEOUT_MS }, (error, stdout) =>
        resolve(error ? null : stdout.trim().replace(/^git version /, '')),
      );
    });
    gitVersion = { at: now, version };
  }
  return gitVersion.version;
}

/** Space left for the repository mirrors and the embedded database. */
export async function readDisk(dataDir: string): Promise<HealthDetail['disk']> {
  try {
    const stats = await statfs(dataDir);
    return {
      path: dataDir,
      freeBytes: stats.bavail * stats.bsize,
      totalBytes: stats.blocks * stats.bsize,
      error: null,
    };
  } catch (error) {
    return { path: dataDir, freeBytes: null, totalBytes: null, error: describe(error) };
  }
}

/** How long `ping` takes, or why it failed (bounded by `timeoutMs`). */
export async function timed(
  ping: () => Promise<unknown>,
  timeoutMs: number,
): Promise<{ latencyMs: number | null; error: string | null }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { latencyMs: Math.round((performance.now() - started) * 10) / 10, error: null };
  } catch (error) {
    return { latencyMs: null, error: describe(error) };
  } finally {
    clearTimeout(timer);
  }
}

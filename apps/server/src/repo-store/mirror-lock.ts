import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { open, readFile, rm, stat, utimes } from 'node:fs/promises';
import { hostname } from 'node:os';
import { stderrLogger, type Logger } from '../lib/logging.js';

/** How often a holder proves it is alive (the lock file's mtime is its heartbeat). */
export const LOCK_HEARTBEAT_MS = 1000;
/** A lock whose heartbeat is older than this belongs to a dead or frozen holder, on any host. */
export const LOCK_STALE_MS = 10_000;
/** A takeover marker older than this was left by a process that died taking over. */
const TAKEOVER_STALE_MS = 5000;
const POLL_MS = 200;

interface Holder {
  /** Host name plus pid namespace: pids mean something only inside the same one. */
  scope: string;
  pid: number;
  token: string;
}

/**
 * Containers can share a host name while each has its own pid 1, so a pid is compared only when
 * the pid namespace matches too.
 */
function currentScope(): string {
  let namespace = '';
  try {
    namespace = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux: the host name alone.
  }
  return `${hostname()}|${namespace}`;
}

const scope = currentScope();
/** Tokens of the locks this process holds: a lock with our pid but another token is a previous life's. */
const heldHere = new Set<string>();

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    return typeof value.scope === 'string' &&
      typeof value.pid === 'number' &&
      typeof value.token === 'string'
      ? (value as Holder)
      : null;
  } catch {
    return null;
  }
}

export interface LockState {
  holder: Holder | null;
  /** Milliseconds since the holder's last heartbeat. */
  age: number;
  /** Why the holder is known to be gone, or null while it may still be working. */
  gone: string | null;
  raw: string;
}

/** Reads a lock file and decides whether its holder is gone; null when there is no lock. */
export async function inspectLock(file: string): Promise<LockState | null> {
  const [raw, info] = await Promise.all([
    readFile(file, 'utf8').catch(() => null),
    stat(file).catch(() => null),
  ]);
  if (raw === null || !info) return null;
  const holder = parseHolder(raw);
  const age = Date.now() - info.mtimeMs;
  let gone: string | null = null;
  if (age > LOCK_STALE_MS) gone = `no heartbeat for ${Math.round(age / 1000)} s`;
  else if (holder && holder.scope === scope) {
    if (holder.pid === process.pid && !heldHere.has(holder.token))
      gone = 'left by an earlier process with this pid';
    else if (!pidAlive(holder.pid)) gone = `process ${holder.pid} is not running`;
  }
  return { holder, age, gone, raw };
}

export interface MirrorLock {
  release(): Promise<void>;
}

/**
 * One exclusive lock file per mirror, shared by every process on this data directory (one host or
 * several on shared storage). The file names its holder (host, pid namespace, pid) and the holder
 * touches it every second; a lock whose holder is gone — its pid is not running on this host, or
 * its heartbeat stopped on any host — is taken over at once, instead of after the clone timeout.
 * Returns null when a live holder still has it after `waitMs`.
 */
export async function acquireMirrorLock(
  file: string,
  waitMs: number,
  /** Told when a heartbeat fails: past LOCK_STALE_MS without one, another process may take over. */
  logger: Logger = stderrLogger(),
): Promise<MirrorLock | null> {
  const deadline = Date.now() + waitMs;
  const token = randomUUID();
  for (;;) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(JSON.stringify({ scope, pid: process.pid, token }));
      await handle.close();
      return hold(file, token, logger);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const state = await inspectLock(file);
    if (state?.gone) {
      await takeOver(file, state.raw);
      continue;
    }
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function hold(file: string, token: string, logger: Logger): MirrorLock {
  heldHere.add(token);
  const heartbeat = setInterval(() => {
    const now = new Date();
    void utimes(file, now, now).catch((error: unknown) =>
      logger.warn({ err: error, lock: file }, 'could not renew a mirror lock'),
    );
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  return {
    release: async () => {
      clearInterval(heartbeat);
      heldHere.delete(token);
      // Remove only our own lock: had we been taken over (frozen past LOCK_STALE_MS), the file
      // now belongs to someone else, or is already gone (then there is nothing to read).
      const current = parseHolder((await readFile(file, 'utf8').catch(() => '')) || '');
      if (current?.token === token) await rm(file, { force: true });
    },
  };
}

/**
 * Removes a dead holder's lock, unless someone else replaced it meanwhile: a short-lived marker
 * makes "check it is still the dead one, then remove it" one step among processes taking over.
 */
async function takeOver(file: string, seen: string): Promise<void> {
  const marker = `${file}.takeover`;
  try {
    await (await open(marker, 'wx')).close();
  } catch {
    const info = await stat(marker).catch(() => null);
    if (info && Date.now() - info.mtimeMs > TAKEOVER_STALE_MS) await rm(marker, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, POLL_MS / 4));
    return;
  }
  try {
    const now = await inspectLock(file);
    if (now?.gone && now.raw === seen) await rm(file, { force: true });
  } finally {
    await rm(marker, { force: true });
  }
}

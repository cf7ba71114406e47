import { execFileSync, spawn } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireMirrorLock, inspectLock, LOCK_STALE_MS } from './mirror-lock.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rota-lock-'));
  file = path.join(dir, 'abc.git.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** This host's scope as the lock writes it (read from a lock this process holds). */
async function ownScope(): Promise<string> {
  const probeFile = path.join(dir, 'probe.lock');
  const probe = await acquireMirrorLock(probeFile, 0);
  const { scope } = JSON.parse(readFileSync(probeFile, 'utf8')) as { scope: string };
  await probe!.release();
  return scope;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawn('true');
  const pid = child.pid!;
  execFileSync('sleep', ['0.2']);
  return pid;
}

describe('mirror lock', () => {
  it('is exclusive while its holder lives, and free after release', async () => {
    const first = await acquireMirrorLock(file, 0);
    expect(first).not.toBeNull();
    expect(await acquireMirrorLock(file, 300)).toBeNull();
    await first!.release();
    const second = await acquireMirrorLock(file, 0);
    expect(second).not.toBeNull();
    await second!.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes over at once a lock whose process is not running on this host', async () => {
    writeFileSync(file, JSON.stringify({ scope: await ownScope(), pid: deadPid(), token: 'x' }));
    expect((await inspectLock(file))?.gone).toMatch(/not running/);
    const lock = await acquireMirrorLock(file, 0);
    expect(lock).not.toBeNull();
    await lock!.release();
  });

  it('waits for a live process on this host, and for a fresh heartbeat from another host', async () => {
    const sleeper = spawn('sleep', ['30']);
    try {
      writeFileSync(
        file,
        JSON.stringify({ scope: await ownScope(), pid: sleeper.pid, token: 'y' }),
      );
      expect(await acquireMirrorLock(file, 0)).toBeNull();
      writeFileSync(file, JSON.stringify({ scope: 'other-host|', pid: 1, token: 'z' }));
      expect(await acquireMirrorLock(file, 0)).toBeNull();
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it("takes over another host's lock once its heartbeat is older than LOCK_STALE_MS", async () => {
    writeFileSync(file, JSON.stringify({ scope: 'other-host|', pid: 1, token: 'z' }));
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(file, old, old);
    expect((await inspectLock(file))?.gone).toMatch(/no heartbeat/);
    const lock = await acquireMirrorLock(file, 0);
    expect(lock).not.toBeNull();
    await lock!.release();
  });

  it('keeps its heartbeat while held, so others never see it as stale', async () => {
    const lock = await acquireMirrorLock(file, 0);
    const old = new Date(Date.now() - LOCK_STALE_MS - 1000);
    utimesSync(file, old, old);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await inspectLock(file))?.gone).toBeNull();
    await lock!.release();
  });

  it('does not remove a lock that someone else took over meanwhile', async () => {
    const lock = await acquireMirrorLock(file, 0);
    writeFileSync(file, JSON.stringify({ scope: 'other-host|', pid: 1, token: 'new-holder' }));
    await lock!.release();
    expect(readdirSync(dir)).toEqual(['abc.git.lock']);
  });
});

describe('MirrorStore.sweepLeftovers', () => {
  it('removes clone folders and locks of dead holders, and keeps those of live ones', async () => {
    const { MirrorStore } = await import('./mirror-store.js');
    const store = new MirrorStore({} as never, {
      reposDir: dir,
      allowLocalRepos: false,
      allowPrivateHosts: false,
      maxSizeBytes: 1,
      timeoutMs: 1,
      freshnessMs: 1,
    });
    const scope = await ownScope();
    const sleeper = spawn('sleep', ['30']);
    try {
      writeFileSync(
        path.join(dir, 'dead.git.lock'),
        JSON.stringify({ scope, pid: deadPid(), token: 'a' }),
      );
      mkdirSync(path.join(dir, 'dead.git.tmp-0a1b2c3d'));
      mkdirSync(path.join(dir, 'orphan.git.tmp-0a1b2c3d'));
      writeFileSync(
        path.join(dir, 'live.git.lock'),
        JSON.stringify({ scope, pid: sleeper.pid, token: 'b' }),
      );
      mkdirSync(path.join(dir, 'live.git.tmp-0a1b2c3d'));
      mkdirSync(path.join(dir, 'kept.git'));
      expect(await store.sweepLeftovers()).toBe(3);
      expect(readdirSync(dir).sort()).toEqual([
        'kept.git',
        'live.git.lock',
        'live.git.tmp-0a1b2c3d',
      ]);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client.js';
import {
  fromFailureRecord,
  isPermanentFailure,
  RepoStoreError,
  toFailureRecord,
} from './errors.js';
import { directorySize, runRemoteGit, type RemoteGitOptions } from './git-remote.js';
import * as queries from './queries.js';
import { cloneSource, type UrlPolicy } from './url-policy.js';

export interface MirrorStoreOptions extends UrlPolicy {
  reposDir: string;
  maxSizeBytes: number;
  timeoutMs: number;
  /** A mirror fetched more recently than this is used as it is, unless a sync is forced. */
  freshnessMs: number;
}

export interface SyncResult {
  /** Absolute path of the bare mirror. */
  gitDir: string;
  fetched: boolean;
  defaultBranch: string | null;
}

/**
 * How long a permanent failure (not found, objects rejected, too large, …) is answered from memory
 * instead of fetching again; a forced sync (the user's retry) always fetches.
 */
export const PERMANENT_FAILURE_MEMORY_MS = 60_000;

/**
 * Bare mirrors under DATA_DIR/repos, one per remote URL, shared by every project that names it.
 * A per-mirror lock (in process, and a lock file across processes) makes sure two jobs never fetch
 * the same mirror at once; the second waits and then finds it fresh.
 */
export class MirrorStore {
  private readonly inFlight = new Map<string, Promise<SyncResult>>();

  constructor(
    private readonly db: Database,
    private readonly options: MirrorStoreOptions,
  ) {}

  pathFor(url: string): string {
    const digest = createHash('sha256').update(url).digest('hex').slice(0, 24);
    return path.join(this.options.reposDir, `${digest}.git`);
  }

  /** Makes sure a fresh mirror of `url` exists and returns it; `force` fetches whatever its age. */
  sync(url: string, options: { force?: boolean; token?: string } = {}): Promise<SyncResult> {
    const running = this.inFlight.get(url);
    // A caller that joins a sync in progress did not fetch anything itself.
    if (running)
      return running.then((result) =>
        options.force ? this.syncLocked(url, options) : { ...result, fetched: false },
      );
    const task = this.syncLocked(url, options).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, task);
    return task;
  }

  /**
   * Removes the mirrors no project repository uses any more (deleted projects, removed repositories,
   * ad-hoc analyses); their stored results stay. Returns how many went.
   */
  async removeUnused(): Promise<number> {
    const unused = await queries.listUnusedMirrors(this.db);
    for (const mirror of unused) {
      // Skip a mirror someone is fetching right now; the next sweep takes it.
      if (this.inFlight.has(mirror.url)) continue;
      await this.remove(mirror.url);
    }
    return unused.length;
  }

  async remove(url: string): Promise<void> {
    await rm(this.pathFor(url), { recursive: true, force: true });
    await queries.deleteMirror(this.db, url);
  }

  private async syncLocked(
    url: string,
    options: { force?: boolean; token?: string },
  ): Promise<SyncResult> {
    const gitDir = this.pathFor(url);
    const waitingSince = Date.now();
    const release = await this.lock(gitDir);
    try {
      const known = await queries.findMirror(this.db, url);
      const remembered = known && this.rememberedFailure(known, waitingSince, options.force);
      if (remembered) throw remembered;
      const exists = await stat(path.join(gitDir, 'HEAD')).then(
        () => true,
        () => false,
      );
      const fresh =
        known?.lastFetchedAt &&
        Date.now() - known.lastFetchedAt.getTime() < this.options.freshnessMs;
      if (exists && fresh && !options.force)
        return { gitDir, fetched: false, defaultBranch: known.defaultBranch };
      const { source, local } = await cloneSource(url, this.options);
      try {
        const defaultBranch = exists
          ? await this.fetch(gitDir, local, options.token)
          : await this.clone(gitDir, source, local, options.token);
        await queries.recordFetch(this.db, {
          url,
          path: path.basename(gitDir),
          defaultBranch,
          sizeBytes: await directorySize(gitDir),
        });
        return { gitDir, fetched: true, defaultBranch };
      } catch (error) {
        const record =
          error instanceof RepoStoreError ? toFailureRecord(error) : 'REPO_FETCH_FAILED';
        await queries
          .recordFailure(this.db, url, path.basename(gitDir), record)
          .catch(() => undefined);
        throw error;
      }
    } finally {
      await release();
    }
  }

  /**
   * The analyses of one repository share its fetch: a failure recorded while this caller waited
   * for the lock is that very fetch's answer (whatever it was), and a permanent failure stays the
   * answer for PERMANENT_FAILURE_MEMORY_MS, so neither is fetched again. Forcing skips the memory,
   * not a fetch it waited for.
   */
  private rememberedFailure(
    known: queries.MirrorRow,
    waitingSince: number,
    force: boolean | undefined,
  ): RepoStoreError | null {
    if (!known.lastError) return null;
    const failure = fromFailureRecord(known.lastError);
    if (!failure) return null;
    const failedAt = known.updatedAt.getTime();
    if (failedAt >= waitingSince) return failure;
    if (force || !isPermanentFailure(failure.code)) return null;
    return Date.now() - failedAt < PERMANENT_FAILURE_MEMORY_MS ? failure : null;
  }

  /** Clones into a temporary folder and renames it into place, so a failed clone leaves nothing. */
  private async clone(
    gitDir: string,
    source: string,
    local: boolean,
    token?: string,
  ): Promise<string | null> {
    const temporary = `${gitDir}.tmp-${randomBytes(4).toString('hex')}`;
    await mkdir(temporary, { recursive: true });
    const git = this.gitOptions(temporary, local, token);
    try {
      await runRemoteGit(['init', '--bare', '--quiet'], git);
      await runRemoteGit(['config', 'remote.origin.url', source], git);
      await runRemoteGit(
        ['config', '--add', 'remote.origin.fetch', '+refs/heads/*:refs/heads/*'],
        git,
      );
      await runRemoteGit(
        ['config', '--add', 'remote.origin.fetch', '+refs/tags/*:refs/tags/*'],
        git,
      );
      const defaultBranch = await this.fetchInto(git);
      await this.enforceSize(temporary);
      await rename(temporary, gitDir);
      return defaultBranch;
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      throw error;
    }
  }

  private async fetch(gitDir: string, local: boolean, token?: string): Promise<string | null> {
    const defaultBranch = await this.fetchInto(this.gitOptions(gitDir, local, token));
    await this.enforceSize(gitDir).catch(async (error: unknown) => {
      // A mirror that outgrew the limit is dropped: keeping it would keep serving a repository
      // this server no longer accepts.
      await rm(gitDir, { recursive: true, force: true });
      throw error;
    });
    return defaultBranch;
  }

  /** The watchdog samples every 500 ms; a fast fetch can finish between samples, so check at the end too. */
  private async enforceSize(gitDir: string): Promise<void> {
    if ((await directorySize(gitDir)) > this.options.maxSizeBytes)
      throw new RepoStoreError('REPO_TOO_LARGE');
  }

  /** Fetches heads and tags, and points HEAD at the remote's default branch. */
  private async fetchInto(git: RemoteGitOptions): Promise<string | null> {
    await runRemoteGit(
      ['fetch', '--prune', '--no-recurse-submodules', '--quiet', '--', 'origin'],
      git,
    );
    const remoteHead = await runRemoteGit(
      ['ls-remote', '--symref', '--', 'origin', 'HEAD'],
      git,
    ).catch(() => '');
    const branch = /^ref: refs\/heads\/(\S+)\s+HEAD$/m.exec(remoteHead)?.[1] ?? null;
    if (branch) await runRemoteGit(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], git);
    return branch;
  }

  private gitOptions(gitDir: string, local: boolean, token?: string): RemoteGitOptions {
    return {
      gitDir,
      timeoutMs: this.options.timeoutMs,
      maxBytes: this.options.maxSizeBytes,
      allowFileProtocol: local,
      token,
    };
  }

  /**
   * A lock file next to the mirror, created exclusively; a lock older than the clone timeout is
   * left over from a dead process and is taken over.
   */
  private async lock(gitDir: string): Promise<() => Promise<void>> {
    await mkdir(path.dirname(gitDir), { recursive: true });
    const file = `${gitDir}.lock`;
    const deadline = Date.now() + this.options.timeoutMs + 30_000;
    for (;;) {
      try {
        const handle = await open(file, 'wx');
        await handle.writeFile(`${process.pid} ${Date.now()}`);
        await handle.close();
        return () => rm(file, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const [, since] = (await readFile(file, 'utf8').catch(() => '0 0')).split(' ');
        if (Date.now() - Number(since) > this.options.timeoutMs + 30_000)
          await rm(file, { force: true });
        else if (Date.now() > deadline)
          throw new RepoStoreError('REPO_TIMEOUT', 'waiting for another fetch');
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  }
}

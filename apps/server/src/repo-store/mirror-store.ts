import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { WAITING_FOR_REPOSITORY_STAGE } from '@rota/contracts';
import type { Database } from '../db/client.js';
import { DeferJobError } from '../jobs/types.js';
import { stderrLogger, type Logger } from '../lib/logging.js';
import {
  fromFailureRecord,
  isPermanentFailure,
  RepoStoreError,
  toFailureRecord,
} from './errors.js';
import { directorySize, runRemoteGit, type RemoteGitOptions } from './git-remote.js';
import { acquireMirrorLock, inspectLock } from './mirror-lock.js';
import * as queries from './queries.js';
import { cloneSource, type CloneSource, type UrlPolicy } from './url-policy.js';

/** The stage a job shows while another worker fetches its repository (counted by /api/health). */
export const MIRROR_WAIT_STAGE = WAITING_FOR_REPOSITORY_STAGE;
/** How long a sync waits for someone else's fetch of the same mirror before giving its worker back. */
const DEFAULT_LOCK_WAIT_MS = 1000;
/** When a job that gave its worker back tries again. */
const BUSY_RETRY_MS = 2000;

/**
 * Another worker (here or in another process) is fetching this mirror. The job gives its worker
 * back and comes again later, without spending an attempt: one slow repository must not hold the
 * workers every other repository needs.
 */
export class MirrorBusyError extends DeferJobError {
  constructor(url: string) {
    super(
      MIRROR_WAIT_STAGE,
      Math.round(BUSY_RETRY_MS * (0.75 + Math.random() / 2)),
      `Another worker is fetching ${url}`,
    );
    this.name = 'MirrorBusyError';
  }
}

export interface MirrorStoreOptions extends UrlPolicy {
  reposDir: string;
  maxSizeBytes: number;
  timeoutMs: number;
  /** A mirror fetched more recently than this is used as it is, unless a sync is forced. */
  freshnessMs: number;
  /**
   * How long a sync waits for another fetch of the same mirror before throwing MirrorBusyError
   * (default 1 s: jobs give their worker back and come again). Callers that are not jobs may wait
   * longer.
   */
  lockWaitMs?: number;
  /** Where failures the store works around are told (default: warnings on stderr). */
  logger?: Logger;
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
 * A per-mirror lock (in process, and a lock file across processes: mirror-lock.ts) makes sure two
 * jobs never fetch the same mirror at once; the second waits briefly, then gives its worker back
 * (MirrorBusyError) and finds the mirror fresh when it comes again.
 */
export class MirrorStore {
  private readonly inFlight = new Map<string, Promise<SyncResult>>();
  private readonly log: Logger;

  constructor(
    private readonly db: Database,
    private readonly options: MirrorStoreOptions,
  ) {
    this.log = (options.logger ?? stderrLogger()).child({ component: 'mirror-store' });
  }

  pathFor(url: string): string {
    const digest = createHash('sha256').update(url).digest('hex').slice(0, 24);
    return path.join(this.options.reposDir, `${digest}.git`);
  }

  /** Makes sure a fresh mirror of `url` exists and returns it; `force` fetches whatever its age. */
  sync(url: string, options: { force?: boolean; token?: string } = {}): Promise<SyncResult> {
    const running = this.inFlight.get(url);
    if (running) return this.join(running, url, options);
    const task = this.syncLocked(url, options).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, task);
    return task;
  }

  /** Waits a little for a sync of the same mirror in this process; a joiner fetched nothing itself. */
  private async join(
    running: Promise<SyncResult>,
    url: string,
    options: { force?: boolean; token?: string },
  ): Promise<SyncResult> {
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      running.then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      ),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), this.lockWaitMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!finished) throw new MirrorBusyError(url);
    if ('error' in finished) throw finished.error;
    return options.force ? this.sync(url, options) : { ...finished.result, fetched: false };
  }

  private get lockWaitMs(): number {
    return this.options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS;
  }

  /**
   * Removes what killed clones leave behind: temporary clone folders (`<mirror>.git.tmp-*`) and
   * lock files whose holder is gone. A folder is removed only when its mirror's lock is free or
   * dead, so a clone in progress (in any process) keeps its folder. Returns how many went.
   */
  async sweepLeftovers(): Promise<number> {
    const dir = this.options.reposDir;
    const entries = await this.listDir(dir);
    let removed = 0;
    for (const entry of entries) {
      const temporary = /^(.+\.git)\.tmp-[0-9a-f]+$/.exec(entry);
      const lockFile = /^(.+\.git)\.lock$/.exec(entry);
      if (!temporary && !lockFile) continue;
      const state = await inspectLock(path.join(dir, `${(temporary ?? lockFile)![1]}.lock`));
      if (state && !state.gone) continue;
      if (temporary) await rm(path.join(dir, entry), { recursive: true, force: true });
      // A dead holder's lock goes through the same takeover as a waiting job would use.
      else await (await acquireMirrorLock(path.join(dir, entry), 0, this.log))?.release();
      removed += 1;
    }
    return removed;
  }

  /**
   * Removes the mirrors no project repository uses any more (deleted projects, removed repositories,
   * ad-hoc analyses); their stored results stay. Returns how many went.
   */
  async removeUnused(): Promise<number> {
    const unused = await queries.listUnusedMirrors(this.db);
    await mkdir(this.options.reposDir, { recursive: true });
    for (const mirror of unused) {
      // Skip a mirror someone (here or in another process) is fetching; the next sweep takes it.
      if (this.inFlight.has(mirror.url)) continue;
      const lock = await acquireMirrorLock(`${this.pathFor(mirror.url)}.lock`, 0, this.log);
      if (!lock) continue;
      await this.remove(mirror.url).finally(() => lock.release());
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
    await mkdir(path.dirname(gitDir), { recursive: true });
    const lock = await acquireMirrorLock(`${gitDir}.lock`, this.lockWaitMs, this.log);
    if (!lock) throw new MirrorBusyError(url);
    try {
      await this.removeDeadClones(gitDir);
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
      try {
        const source = await cloneSource(url, this.options, options.token);
        const defaultBranch = exists
          ? await this.fetch(gitDir, source, options.token)
          : await this.clone(gitDir, source, options.token);
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
        // The job still fails with the fetch's own error; only the shared memory of it is lost.
        await queries
          .recordFailure(this.db, url, path.basename(gitDir), record)
          .catch((failure: unknown) =>
            this.log.warn(
              { err: failure, mirror: path.basename(gitDir), failure: record },
              'could not record a failed fetch',
            ),
          );
        throw error;
      }
    } finally {
      await lock.release();
    }
  }

  /** Clone folders of this mirror left by a killed process: we hold the lock, so none is live. */
  private async removeDeadClones(gitDir: string): Promise<void> {
    const prefix = `${path.basename(gitDir)}.tmp-`;
    const entries = await this.listDir(path.dirname(gitDir));
    for (const entry of entries.filter((name) => name.startsWith(prefix)))
      await rm(path.join(path.dirname(gitDir), entry), { recursive: true, force: true });
  }

  /** The names in `dir`; none when it does not exist yet (nothing was ever mirrored there). */
  private async listDir(dir: string): Promise<string[]> {
    try {
      return await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn({ err: error, dir }, 'could not list the mirrors folder');
      return [];
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
  private async clone(gitDir: string, source: CloneSource, token?: string): Promise<string | null> {
    const temporary = `${gitDir}.tmp-${randomBytes(4).toString('hex')}`;
    await mkdir(temporary, { recursive: true });
    const git = this.gitOptions(temporary, source, token);
    try {
      await runRemoteGit(['init', '--bare', '--quiet'], git);
      await runRemoteGit(['config', 'remote.origin.url', source.source], git);
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

  private async fetch(gitDir: string, source: CloneSource, token?: string): Promise<string | null> {
    const git = this.gitOptions(gitDir, source, token);
    // A repository that moved (a same-host redirect) is fetched from where it lives now.
    await runRemoteGit(['config', 'remote.origin.url', source.source], git);
    const defaultBranch = await this.fetchInto(git);
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
    // Without the remote's HEAD the mirror keeps the one it had, and the default branch is unknown.
    const remoteHead = await runRemoteGit(
      ['ls-remote', '--symref', '--', 'origin', 'HEAD'],
      git,
    ).catch((error: unknown) => {
      this.log.warn(
        { err: error, mirror: path.basename(git.gitDir) },
        "could not read the remote's default branch",
      );
      return '';
    });
    const branch = /^ref: refs\/heads\/(\S+)\s+HEAD$/m.exec(remoteHead)?.[1] ?? null;
    if (branch) await runRemoteGit(['symbolic-ref', 'HEAD', `refs/heads/${branch}`], git);
    return branch;
  }

  private gitOptions(gitDir: string, source: CloneSource, token?: string): RemoteGitOptions {
    return {
      gitDir,
      timeoutMs: this.options.timeoutMs,
      maxBytes: this.options.maxSizeBytes,
      allowFileProtocol: source.local,
      token,
      pins: source.pins,
      caFile: this.options.caFile,
    };
  }
}

import { AnalysisError } from '../errors.js';
import { CatFileOutput, type GitObject } from './cat-file-output.js';
import { spawnGit } from './run-git.js';

export type { GitObject } from './cat-file-output.js';

interface Pending {
  resolve: (object: GitObject | null) => void;
  reject: (error: Error) => void;
}

const OID = /^[0-9a-f]{40,64}$/;

/**
 * One long-lived `git cat-file --batch`: requests are written to its stdin and answers read back in
 * order, so thousands of blobs cost one process. Memory stays bounded by the largest object asked
 * for (callers skip blobs over their size limit using ls-tree's sizes).
 *
 * Requests made in the same turn of the event loop go to git in one write: a structure analysis
 * asks for thousands of blobs, and one pipe write each cost more than git's own work on them.
 */
export class CatFileBatch {
  private readonly child;
  private readonly queue: Array<Pending | undefined> = [];
  /** Index of the oldest request not answered yet (the queue is compacted now and then). */
  private head = 0;
  private unsent: string[] = [];
  private closed = false;
  private failure: Error | undefined;
  private readonly output = new CatFileOutput(
    (object) => this.answer(object),
    (message) => this.fail(new AnalysisError('GIT_FAILED', message)),
  );

  constructor(gitDir: string) {
    this.child = spawnGit(gitDir, ['cat-file', '--batch']);
    this.child.stdout.on('data', (chunk: Buffer) => this.output.push(chunk));
    this.child.stderr.resume();
    this.child.on('error', (error) =>
      this.fail(
        new AnalysisError('GIT_FAILED', 'git cat-file could not be started', error.message),
      ),
    );
    this.child.on('close', () => {
      this.closed = true;
      if (this.head < this.queue.length)
        this.fail(new AnalysisError('GIT_FAILED', 'git cat-file stopped early'));
    });
    // Writing after the child died must surface as a rejected request, not an unhandled error.
    this.child.stdin.on('error', () => undefined);
  }

  /** The object, or null when the repository does not have it. */
  read(oid: string): Promise<GitObject | null> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed)
      return Promise.reject(new AnalysisError('GIT_FAILED', 'git cat-file is closed'));
    if (!OID.test(oid))
      return Promise.reject(new AnalysisError('INVALID_OPTIONS', `not an object id: ${oid}`));
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject });
      if (this.unsent.push(oid) === 1) process.nextTick(() => this.flush());
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const done = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    this.flush();
    this.child.stdin.end();
    await done;
  }

  private flush(): void {
    if (!this.unsent.length) return;
    const lines = `${this.unsent.join('\n')}\n`;
    this.unsent = [];
    if (!this.closed && !this.failure) this.child.stdin.write(lines);
  }

  private answer(object: GitObject | null): void {
    const pending = this.queue[this.head];
    if (!pending) {
      this.fail(new AnalysisError('GIT_FAILED', 'git cat-file answered more than was asked'));
      return;
    }
    this.queue[this.head] = undefined;
    this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
    pending.resolve(object);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.queue.splice(this.head)) pending?.reject(this.failure);
    this.queue.length = 0;
    this.head = 0;
    this.child.kill('SIGKILL');
  }
}

import { AnalysisError } from '../errors.js';
import { spawnGit } from './run-git.js';

export interface GitObject {
  oid: string;
  type: 'blob' | 'tree' | 'commit' | 'tag';
  size: number;
  content: Buffer;
}

interface Pending {
  oid: string;
  resolve: (object: GitObject | null) => void;
  reject: (error: Error) => void;
}

/**
 * One long-lived `git cat-file --batch`: requests are written to its stdin and answers read back in
 * order, so thousands of blobs cost one process. Memory stays bounded by the largest object asked
 * for (callers skip blobs over their size limit using ls-tree's sizes).
 */
export class CatFileBatch {
  private readonly child;
  private readonly queue: Pending[] = [];
  private buffer: Buffer = Buffer.alloc(0);
  private closed = false;
  private failure: Error | undefined;

  constructor(gitDir: string) {
    this.child = spawnGit(gitDir, ['cat-file', '--batch']);
    this.child.stdout.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr.resume();
    this.child.on('error', (error) =>
      this.fail(
        new AnalysisError('GIT_FAILED', 'git cat-file could not be started', error.message),
      ),
    );
    this.child.on('close', () => {
      this.closed = true;
      if (this.queue.length)
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
    if (!/^[0-9a-f]{40,64}$/.test(oid))
      return Promise.reject(new AnalysisError('INVALID_OPTIONS', `not an object id: ${oid}`));
    return new Promise((resolve, reject) => {
      this.queue.push({ oid, resolve, reject });
      this.child.stdin.write(`${oid}\n`);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const done = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    this.child.stdin.end();
    await done;
  }

  private onData(chunk: Buffer): void {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    for (;;) {
      const head = this.queue[0];
      if (!head) return;
      const newline = this.buffer.indexOf(10);
      if (newline === -1) return;
      const header = this.buffer.toString('utf8', 0, newline);
      if (header.endsWith(' missing')) {
        this.buffer = this.buffer.subarray(newline + 1);
        this.queue.shift();
        head.resolve(null);
        continue;
      }
      const [oid, type, sizeText] = header.split(' ');
      const size = Number(sizeText);
      if (!oid || !type || !Number.isFinite(size)) {
        this.fail(
          new AnalysisError('GIT_FAILED', `unexpected cat-file header: ${header.slice(0, 100)}`),
        );
        return;
      }
      // Header, content, then one newline.
      if (this.buffer.length < newline + 1 + size + 1) return;
      const content = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size));
      this.buffer = this.buffer.subarray(newline + 1 + size + 1);
      this.queue.shift();
      head.resolve({ oid, type: type as GitObject['type'], size, content });
    }
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.queue.splice(0)) pending.reject(this.failure);
    this.child.kill('SIGKILL');
  }
}

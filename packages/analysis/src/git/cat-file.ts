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
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** The header of the object whose content is arriving. */
  private header: { oid: string; type: GitObject['type']; size: number } | null = null;
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
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    for (;;) {
      const head = this.queue[0];
      if (!head) return;
      if (!this.header) {
        const line = this.takeLine();
        if (line === null) return;
        if (line.endsWith(' missing')) {
          this.queue.shift();
          head.resolve(null);
          continue;
        }
        const [oid, type, sizeText] = line.split(' ');
        const size = Number(sizeText);
        if (!oid || !type || !Number.isFinite(size)) {
          this.fail(
            new AnalysisError('GIT_FAILED', `unexpected cat-file header: ${line.slice(0, 100)}`),
          );
          return;
        }
        this.header = { oid, type: type as GitObject['type'], size };
      }
      // Content, then one newline. Waiting for all of it before copying keeps big blobs from being
      // re-concatenated on every 64 KiB chunk.
      if (this.buffered < this.header.size + 1) return;
      const content = this.take(this.header.size);
      this.take(1);
      const { oid, type, size } = this.header;
      this.header = null;
      this.queue.shift();
      head.resolve({ oid, type, size, content });
    }
  }

  /** The next header line without its newline, or null until one has fully arrived. */
  private takeLine(): string | null {
    let scanned = 0;
    for (const [index, chunk] of this.chunks.entries()) {
      const newline = chunk.indexOf(10);
      if (newline !== -1) {
        const line =
          index === 0
            ? chunk.toString('utf8', 0, newline)
            : Buffer.concat(this.chunks.slice(0, index + 1)).toString('utf8', 0, scanned + newline);
        this.take(scanned + newline + 1);
        return line;
      }
      scanned += chunk.length;
    }
    return null;
  }

  /** Removes and returns the next `bytes` bytes (a view when they sit in one chunk). */
  private take(bytes: number): Buffer {
    this.buffered -= bytes;
    const first = this.chunks[0];
    if (first && first.length >= bytes) {
      if (first.length === bytes) this.chunks.shift();
      else this.chunks[0] = first.subarray(bytes);
      return first.subarray(0, bytes);
    }
    const parts: Buffer[] = [];
    let remaining = bytes;
    while (remaining > 0) {
      const chunk = this.chunks[0]!;
      if (chunk.length <= remaining) {
        parts.push(chunk);
        this.chunks.shift();
        remaining -= chunk.length;
      } else {
        parts.push(chunk.subarray(0, remaining));
        this.chunks[0] = chunk.subarray(remaining);
        remaining = 0;
      }
    }
    return Buffer.concat(parts, bytes);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.queue.splice(0)) pending.reject(this.failure);
    this.child.kill('SIGKILL');
  }
}

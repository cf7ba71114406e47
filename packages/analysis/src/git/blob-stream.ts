import { AnalysisError } from '../errors.js';
import { CatFileOutput } from './cat-file-output.js';
import { spawnGit } from './run-git.js';

const OID = /^[0-9a-f]{40,64}$/;

export interface StreamedBlob {
  oid: string;
  /** Not read (null content) when over the caller's size limit, by ls-tree's size. */
  size: number;
}

/**
 * Reads many blobs once each, in order, through their own `git cat-file --batch --buffer`, and
 * hands each to `visit` synchronously as its bytes arrive (null: over `maxBytes`, not requested; or
 * missing from the repository). Every request is written up front and git buffers its output, so
 * the blobs of a whole tree arrive in few large chunks, with no promise, queue or pipe write per
 * blob: on prettier's 9,347 files that bookkeeping had cost more than git's own work.
 *
 * Memory stays bounded: `visit` runs inside the pipe's data handler, so git is not read any faster
 * than the blobs are visited (the pipe holds it back), and a content is a view of the chunk it
 * arrived in (copied once only when it spans chunks). `visit` must not keep the buffer.
 */
export function streamBlobs<T extends StreamedBlob>(
  gitDir: string,
  blobs: readonly T[],
  maxBytes: number,
  visit: (blob: T, content: Buffer | null) => void,
): Promise<void> {
  const requested = blobs.filter((blob) => blob.size <= maxBytes);
  const invalid = requested.find((blob) => !OID.test(blob.oid));
  if (invalid)
    return Promise.reject(new AnalysisError('INVALID_OPTIONS', `not an object id: ${invalid.oid}`));
  if (!requested.length) {
    for (const blob of blobs) visit(blob, null);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const child = spawnGit(gitDir, ['cat-file', '--batch', '--buffer']);
    let next = 0;
    let failure: Error | undefined;
    const fail = (error: unknown) => {
      if (failure) return;
      failure = error instanceof Error ? error : new Error(String(error));
      child.kill('SIGKILL');
      reject(failure);
    };
    /** Visits the blobs up to the next requested one (those not requested, with null). */
    const skipUnrequested = () => {
      while (next < blobs.length && blobs[next]!.size > maxBytes) visit(blobs[next++]!, null);
    };
    const output = new CatFileOutput(
      (object) => {
        if (failure) return;
        try {
          skipUnrequested();
          const blob = blobs[next++];
          if (!blob)
            throw new AnalysisError('GIT_FAILED', 'git cat-file answered more than was asked');
          visit(blob, object?.content ?? null);
        } catch (error) {
          fail(error);
        }
      },
      (message) => fail(new AnalysisError('GIT_FAILED', message)),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      if (!failure) output.push(chunk);
    });
    child.stderr.resume();
    child.on('error', (error) =>
      fail(new AnalysisError('GIT_FAILED', 'git cat-file could not be started', error.message)),
    );
    child.on('close', () => {
      if (failure) return;
      try {
        skipUnrequested();
      } catch (error) {
        return fail(error);
      }
      if (next < blobs.length) fail(new AnalysisError('GIT_FAILED', 'git cat-file stopped early'));
      else resolve();
    });
    // Writing after the child died must surface as the failure above, not an unhandled error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(`${requested.map((blob) => blob.oid).join('\n')}\n`);
  });
}

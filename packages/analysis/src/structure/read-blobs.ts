import type { RepoSnapshot, SnapshotFile } from '../snapshot/snapshot.js';

/**
 * Streams the blobs of `files` through the snapshot's one `git cat-file --batch`, handing each to
 * `visit` in order. Requests are pipelined so git keeps decompressing while we count lines, but
 * never more than a window of blobs or bytes is asked for and not yet visited: memory stays bounded
 * whatever the size of the tree. Files over `maxBytes` are not requested at all (visited with null).
 */
export interface BlobWindow {
  /** Requests in flight at most. */
  count: number;
  /** Bytes (by ls-tree's sizes) in flight at most; one blob larger than this still goes alone. */
  bytes: number;
}

export const DEFAULT_WINDOW: BlobWindow = { count: 512, bytes: 16 * 1024 * 1024 };

interface Request {
  file: SnapshotFile;
  content: Promise<Buffer | null> | null;
}

export async function streamBlobs(
  snapshot: RepoSnapshot,
  files: readonly SnapshotFile[],
  maxBytes: number,
  visit: (file: SnapshotFile, content: Buffer | null) => void,
  window: BlobWindow = DEFAULT_WINDOW,
): Promise<void> {
  const queue: Array<Request | undefined> = [];
  let head = 0;
  let bytesInFlight = 0;

  const visitNext = async () => {
    const request = queue[head]!;
    queue[head] = undefined;
    head += 1;
    const content = request.content ? await request.content : null;
    if (request.content) bytesInFlight -= request.file.size;
    visit(request.file, content);
  };

  try {
    for (const file of files) {
      let content: Promise<Buffer | null> | null = null;
      if (file.size <= maxBytes) {
        content = snapshot.readBlob(file, maxBytes);
        // A failing cat-file rejects every pending read; the first one awaited reports it, the
        // others must not surface as unhandled rejections.
        content.catch(() => undefined);
        bytesInFlight += file.size;
      }
      queue.push({ file, content });
      while (
        head < queue.length &&
        (queue.length - head > window.count ||
          (bytesInFlight > window.bytes && queue.length - head > 1))
      ) {
        await visitNext();
      }
    }
    while (head < queue.length) await visitNext();
  } finally {
    queue.length = 0;
  }
}

import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from '../testing/repo-builder.js';
import { streamBlobs } from './blob-stream.js';
import { listTree } from './ls-tree.js';
import { openRepository, resolveCommit } from './repository.js';

const repo = createRepo();
// Contents that look like cat-file headers and span pipe chunks, so a parser that loses its place
// hands out the wrong bytes.
const big = Buffer.alloc(300_000, 'x\n0000000000000000000000000000000000000000 blob 12\n');
repo.write('a.txt', 'first\n').write('b.bin', big).write('c.txt', '').write('d.txt', 'last\n');
repo.commit('files');
afterAll(() => repo.remove());

async function blobsOfHead() {
  const { gitDir } = await openRepository(repo.dir);
  const entries = await listTree(gitDir, await resolveCommit(gitDir));
  return {
    gitDir,
    blobs: entries.map((entry) => ({ path: entry.path, oid: entry.oid, size: entry.size ?? 0 })),
  };
}

describe('streamBlobs', () => {
  it('visits every blob once, in order, with its bytes; those over the limit with null', async () => {
    const { gitDir, blobs } = await blobsOfHead();
    const seen: Array<[string, string | null]> = [];
    await streamBlobs(gitDir, blobs, 1000, (blob, content) =>
      seen.push([blob.path, content === null ? null : content.toString()]),
    );
    expect(seen).toEqual([
      ['a.txt', 'first\n'],
      ['b.bin', null],
      ['c.txt', ''],
      ['d.txt', 'last\n'],
    ]);
    let bigSeen: Buffer | null = null;
    await streamBlobs(gitDir, blobs, big.length, (blob, content) => {
      if (blob.path === 'b.bin') bigSeen = content && Buffer.from(content);
    });
    expect(bigSeen).toEqual(big);
  });

  it('hands a blob missing from the repository over as null, and keeps the order', async () => {
    const { gitDir, blobs } = await blobsOfHead();
    const missing = { path: 'gone', oid: 'f'.repeat(40), size: 3 };
    const seen: Array<[string, boolean]> = [];
    await streamBlobs(gitDir, [missing, ...blobs], 1000, (blob, content) =>
      seen.push([blob.path, content !== null]),
    );
    expect(seen).toEqual([
      ['gone', false],
      ['a.txt', true],
      ['b.bin', false],
      ['c.txt', true],
      ['d.txt', true],
    ]);
  });

  it('refuses what is not an object id, and reports a failing visit', async () => {
    const { gitDir, blobs } = await blobsOfHead();
    await expect(
      streamBlobs(gitDir, [{ path: 'x', oid: 'HEAD:a.txt', size: 1 }], 1000, () => undefined),
    ).rejects.toMatchObject({ code: 'INVALID_OPTIONS' });
    await expect(
      streamBlobs(gitDir, blobs, 1000, () => {
        throw new Error('visit failed');
      }),
    ).rejects.toThrow('visit failed');
  });
});

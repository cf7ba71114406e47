import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from '../testing/repo-builder.js';
import { openSnapshot } from './snapshot.js';

const repo = createRepo();
repo.write('a.txt', 'hello\n').write('big.bin', Buffer.alloc(2048, 1)).symlink('a.txt', 'link');
repo.git('add', '-A');
repo.git('update-index', '--add', '--cacheinfo', `160000,${'a'.repeat(40)},vendor/sub`);
repo.commit('first', { stageAll: false });
afterAll(() => repo.remove());

describe('openSnapshot', () => {
  it('lists files, symlinks and submodules apart, and reads blobs lazily within limits', async () => {
    const snapshot = await openSnapshot(repo.dir, 'main');
    try {
      expect(snapshot.files.map((f) => f.path).sort()).toEqual(['a.txt', 'big.bin']);
      expect(snapshot.symlinks.map((s) => s.path)).toEqual(['link']);
      expect(snapshot.submodules).toEqual([{ path: 'vendor/sub', commit: 'a'.repeat(40) }]);
      expect(await snapshot.readText('a.txt')).toBe('hello\n');
      expect(await snapshot.readText('missing')).toBeNull();
      expect(await snapshot.readBlob(snapshot.file('big.bin')!, 1024)).toBeNull();
      expect((await snapshot.readBlob(snapshot.file('big.bin')!))?.length).toBe(2048);
    } finally {
      await snapshot.close();
    }
  });
});

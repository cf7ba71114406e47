import { afterAll, describe, expect, it } from 'vitest';
import { createRepo } from './testing/repo-builder.js';
import { openRepository } from './git/repository.js';
import { analysisRevision } from './revision.js';

const repo = createRepo();
repo.write('a.txt', 'a\n');
const first = repo.commit('first');
afterAll(() => repo.remove());

describe('analysisRevision', () => {
  it('is the commit for tree analyses, commit+day for history, a refs fingerprint for branches', async () => {
    const { gitDir } = await openRepository(repo.dir);
    const day = new Date('2026-11-22T10:00:00Z');
    expect(await analysisRevision('structure', gitDir, 'main', day)).toEqual({
      revision: first,
      commit: first,
    });
    expect((await analysisRevision('history', gitDir, 'main', day)).revision).toBe(
      `${first}@2026-11-22`,
    );
    const before = await analysisRevision('branches', gitDir, 'main', day);
    expect(before.revision).toMatch(/^refs:[0-9a-f]{40}$/);
    repo.git('branch', 'feature');
    const after = await analysisRevision('branches', gitDir, 'main', day);
    expect(after.revision).not.toBe(before.revision);
    expect(after.commit).toBe(first);
  });
});

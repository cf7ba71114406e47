import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/map-row.js';
import { createTestDatabase, type TestDatabase } from '../../testing/test-db.js';
import { analyzeDedupeKey } from './job-key.js';
import { analyzeDedupeKeySql } from './queries.js';

describe('the analysis job key', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('is the same in SQL as in TypeScript, for a saved branch and for the default branch', async () => {
    const cases = [
      { kind: 'structure', branch: 'dev', url: 'https://github.com/gin-gonic/gin' },
      { kind: 'branches', branch: '', url: '/srv/git/flask' },
      { kind: 'readme', branch: 'release/2.0', url: 'https://gitlab.com/a/b.git' },
    ] as const;
    for (const { kind, branch, url } of cases) {
      const [row] = rowsOf(
        await database.db.execute(
          sql`select ${analyzeDedupeKeySql(sql`${kind}::text`, sql`${branch}::text`, sql`${url}::text`)} as key`,
        ),
      );
      expect(row!.key).toBe(analyzeDedupeKey({ repoUrl: url, branch: branch || null, kind }));
    }
    expect(analyzeDedupeKey({ repoUrl: '/srv/git/flask', branch: null, kind: 'branches' })).toBe(
      'analyze:branches:HEAD:/srv/git/flask',
    );
  });
});

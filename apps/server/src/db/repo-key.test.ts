import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/test-db.js';
import { rowsOf } from './map-row.js';
import { projectRepoKeySql, repoKeyOf } from './repo-key.js';
import { projectRepos, projects, users } from './schema/index.js';

describe('the forge repository key', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('is the same in SQL as in TypeScript, for every way a name may be written', async () => {
    const names = [
      { owner: 'expressjs', repo: 'express' },
      { owner: 'PalletsProjects', repo: 'Flask' },
      { owner: 'gin-gonic', repo: 'gin.go' },
      { owner: 'a_b', repo: 'c-d.e_F' },
    ];
    const [user] = await database.db
      .insert(users)
      .values({ email: 'key@example.com', name: 'Key', passwordHash: 'x' })
      .returning();
    const [project] = await database.db
      .insert(projects)
      .values({ ownerId: user!.id, name: 'Keys', searchText: 'keys' })
      .returning();
    await database.db.insert(projectRepos).values(
      names.map((name, position) => ({
        projectId: project!.id,
        name: name.repo,
        ...name,
        repoKey: `github:github.com:${position}`,
        url: `https://github.com/${name.owner}/${name.repo}`,
        provider: 'github' as const,
        position,
      })),
    );
    const rows = rowsOf(
      await database.db.execute(
        sql`select ${projectRepoKeySql} as key from ${projectRepos} order by ${projectRepos.position}`,
      ),
    );
    expect(rows.map((row) => row.key)).toEqual(names.map(repoKeyOf));
    expect(repoKeyOf({ owner: 'PalletsProjects', repo: 'Flask' })).toBe('palletsprojects/flask');
  });
});

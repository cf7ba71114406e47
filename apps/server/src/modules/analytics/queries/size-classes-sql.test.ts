import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PR_SIZE_CLASS_NAMES, prSizeClass } from '@rota/contracts';
import { createTestDatabase, type TestDatabase } from '../../../testing/test-db.js';
import { DAY, NOW, insertPulls } from '../../../testing/analytics-seed.js';
import { prFigures } from './pr-figures.js';

/** Each limit, the line before it and a few far apart: where two definitions would part first. */
const SIZES = [0, 1, 9, 10, 11, 49, 50, 51, 249, 250, 251, 999, 1000, 1001, 52_000];

describe('size classes in SQL and in the web', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('counts each pull request in the class the web badge gives it', async () => {
    await insertPulls(
      database.db,
      SIZES.map((size, index) => ({
        repoKey: 'acme/sizes',
        number: index + 1,
        author: 'bora',
        state: 'open' as const,
        created: 1,
        size,
      })),
    );
    const figures = await prFigures(database.db, {
      scope: { repoKeys: ['acme/sizes'], userId: 'nobody' },
      kinds: ['human'],
      since: new Date(NOW - DAY).toISOString(),
      until: new Date(NOW).toISOString(),
      seriesSince: new Date(NOW - DAY).toISOString(),
    });
    const expected = Object.fromEntries(PR_SIZE_CLASS_NAMES.map((name) => [name, 0]));
    for (const size of SIZES) expected[prSizeClass(size)]! += 1;
    expect(figures.classes).toEqual(expected);
    expect(Object.keys(figures.classes)).toEqual(PR_SIZE_CLASS_NAMES);
  });
});

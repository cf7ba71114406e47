import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';
import { AnalysisAnswers } from './answer-cache.js';

// The cache itself, which only embedded PGlite uses (single-process.ts): *.pglite.test.ts files run
// in the PGlite project only. answer-cache.test.ts proves the answers through the routes on both.
const ctx = useTestApp({ startQueue: false });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const execute = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);

describe('AnalysisAnswers', () => {
  const key = { ownerId: 'o', projectId: 'p', kind: 'structure' as const };
  const ready = (json: string) => ({ ready: { json } });

  it('keeps an answer until its time, and not one computed while a write was announced', async () => {
    const answers = await AnalysisAnswers.listening(ctx.database);
    let computed = 0;
    const compute = (keepUntil: number | null, during?: () => Promise<unknown>) => async () => {
      computed += 1;
      await during?.();
      return { outcome: ready(`"${computed}"`), keepUntil };
    };
    expect(await answers.answer(key, compute(Date.now() + 150))).toEqual(ready('"1"'));
    expect(await answers.answer(key, compute(null))).toEqual(ready('"1"'));
    await sleep(200);
    // Past its time; this one says not to keep it.
    expect(await answers.answer(key, compute(null))).toEqual(ready('"2"'));
    expect(answers.size).toBe(0);
    // A write of a job while computing: answered, not kept.
    const write = () => execute(sql`insert into jobs (kind, status) values ('x', 'succeeded')`);
    expect(await answers.answer(key, compute(Infinity, write))).toEqual(ready('"3"'));
    expect(answers.size).toBe(0);
    // Another project's write leaves this answer; a job's write forgets it.
    await answers.answer(key, compute(Infinity));
    const { token } = await registerUser(ctx.app);
    await createProject(ctx.app, token);
    expect(await answers.answer(key, compute(null))).toEqual(ready('"4"'));
    await execute(sql`update jobs set attempts = attempts + 1 where kind = 'x'`);
    expect(answers.size).toBe(0);
  });
});

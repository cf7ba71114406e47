import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../testing/auth-helpers.js';
import { createProject } from '../../testing/project-helpers.js';
import { useTestApp } from '../../testing/test-app.js';

// The analysis routes let their look at the project (by owner) prove the user exists, and check
// the user only when it found nothing (createOwnReadAuthentication): a deleted user must still get
// 401 on every such request, and anyone else the 404 of a project that is not theirs. Both dialects.
const ctx = useTestApp({ startQueue: false, config: { analysisWaitMs: 0 } });

const read = (token: string, id: string, method: 'GET' | 'POST' = 'GET') =>
  ctx.app.inject({ method, url: `/api/projects/${id}/structure-analysis`, headers: bearer(token) });

describe('analysis routes, the user checked by the project read', () => {
  it('answer the owner, 404 to another user, and 401 without a valid token', async () => {
    const owner = await registerUser(ctx.app);
    const other = await registerUser(ctx.app);
    const project = await createProject(ctx.app, owner.token, { name: 'Boş' });
    expect((await read(owner.token, project.id)).statusCode).toBe(200);
    const foreign = await read(other.token, project.id);
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([404, 'NOT_FOUND']);
    expect((await read(other.token, 'not-a-uuid')).statusCode).toBe(404);
    expect((await read('not-a-token', project.id)).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/projects/${project.id}/structure-analysis`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answer 401 to a deleted user on every analysis request, also after a kept answer', async () => {
    const owner = await registerUser(ctx.app);
    const project = await createProject(ctx.app, owner.token, { name: 'Silinecek' });
    // Twice: on PGlite the second answer is the kept one.
    expect((await read(owner.token, project.id)).statusCode).toBe(200);
    expect((await read(owner.token, project.id)).statusCode).toBe(200);
    await ctx.database.db.execute(sql`delete from users where id = ${owner.user.id}`);
    for (const answer of [
      await read(owner.token, project.id),
      await read(owner.token, project.id, 'POST'),
      await read(owner.token, randomUUID()),
      await read(owner.token, 'not-a-uuid'),
    ]) {
      expect([answer.statusCode, answer.json().error.code]).toEqual([401, 'TOKEN_INVALID']);
    }
  });
});

import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AccessTokens } from '../modules/auth/index.js';
import {
  createAuthenticate,
  createOwnReadAuthentication,
  registerAuthentication,
} from './authenticate.js';

// The one place protected routes authenticate (the proof over every route of the API is
// proofs/authentication-first.test.ts); here, what it does with routes written other ways.
const tokens = new AccessTokens('a-test-secret-of-at-least-32-characters!!');
const security = [{ bearerAuth: [] }];

function appWithAuthentication() {
  const looks: string[] = [];
  const userExists = async (userId: string) => {
    looks.push(userId);
    return true;
  };
  const app = Fastify();
  const user = createAuthenticate(tokens, userExists);
  registerAuthentication(app, {
    user,
    token: createOwnReadAuthentication(tokens, userExists).authenticate,
  });
  return { app, user, looks };
}

describe('authentication keyed by the declared security', () => {
  it('runs once, first, also for a route that still names it as a preHandler', async () => {
    const { app, user, looks } = appWithAuthentication();
    const order: string[] = [];
    app.get(
      '/mine',
      {
        schema: { security },
        preHandler: [user, async () => void order.push('preHandler')],
        preValidation: async () => void order.push('preValidation'),
      },
      async (request) => ({ userId: request.userId }),
    );
    const userId = randomUUID();
    const token = await tokens.sign(userId);
    const answer = await app.inject({
      url: '/mine',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.json()).toEqual({ userId });
    expect(looks).toEqual([userId]);
    expect(order).toEqual(['preValidation', 'preHandler']);
    const anonymous = await app.inject({ url: '/mine' });
    expect(anonymous.statusCode).toBe(401);
    expect(order).toEqual(['preValidation', 'preHandler']);
    await app.close();
  });

  it('checks only the token on routes configured so (their own read proves the user)', async () => {
    const { app, looks } = appWithAuthentication();
    app.get(
      '/own-read',
      { schema: { security }, config: { authentication: 'token' } },
      async (request) => ({ userId: request.userId }),
    );
    const userId = randomUUID();
    const token = await tokens.sign(userId);
    const answer = await app.inject({
      url: '/own-read',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.json()).toEqual({ userId });
    expect(looks).toEqual([]);
    await app.close();
  });

  it('leaves a route that also takes anonymous requests (an empty security alternative) open', async () => {
    const { app, looks } = appWithAuthentication();
    app.get('/public', { schema: { security: [{}, ...security] } }, async () => ({ open: true }));
    const answer = await app.inject({ url: '/public' });
    expect(answer.json()).toEqual({ open: true });
    expect(looks).toEqual([]);
    await app.close();
  });

  it('refuses to start with a route that authenticates without declaring security', async () => {
    const { app, user } = appWithAuthentication();
    expect(() => app.get('/hidden', { preHandler: user }, async () => ({}))).toThrow(
      /declares no security/,
    );
  });
});

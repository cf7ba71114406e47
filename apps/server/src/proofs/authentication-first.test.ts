import { describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../testing/auth-helpers.js';
import { describeOperation, fillPath, listOperations } from '../testing/openapi/operations.js';
import { useTestApp } from '../testing/test-app.js';

// Every protected operation of the served OpenAPI document (a token in every alternative of its
// security: one that also takes anonymous requests, `{}`, answers them itself), so tomorrow's
// routes are covered without new test code: a request without a valid token is 401 whatever it
// sends — a body of the wrong shape, a body that is not JSON, a query no schema allows — and never
// a validation message, which would tell an anonymous caller what the route accepts. The same
// request with the owner's token is refused as invalid, so each request really is invalid input.
const ctx = useTestApp({ startQueue: false });

/** A NUL in any query value is refused (plugins/storable-input.ts): invalid input for every route. */
const INVALID_QUERY = '?zz=%00';
/** Every body schema of the API is an object (or none): an array is the wrong shape for all. */
const WRONG_SHAPE = '[1]';

describe('authentication runs before anything reads the request', () => {
  it('answers 401, not a validation error, to anonymous requests with invalid input', async () => {
    const protectedOperations = listOperations(ctx.app).filter(
      (operation) => operation.tokenRequired,
    );
    expect(protectedOperations.length).toBeGreaterThan(40);
    const owner = await registerUser(ctx.app);
    const findings: string[] = [];

    for (const operation of protectedOperations) {
      const values = Object.fromEntries(operation.pathParams.map((p) => [p.name, 'x']));
      const path = fillPath(operation.path, values);
      const sendsBody = operation.method !== 'GET';
      const attempts: Array<{ what: string; url: string; body?: string }> = [
        { what: 'invalid query', url: path + INVALID_QUERY },
        ...(sendsBody
          ? [
              { what: 'wrong-shape body', url: path, body: WRONG_SHAPE },
              { what: 'body that is not JSON', url: path, body: '{"name":' },
            ]
          : []),
      ];
      for (const attempt of attempts) {
        const send = (headers: Record<string, string>) =>
          ctx.app.inject({
            method: operation.method,
            url: attempt.url,
            headers: {
              ...headers,
              ...(attempt.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(attempt.body === undefined ? {} : { payload: attempt.body }),
          });
        const where = `${describeOperation(operation)} with ${attempt.what}`;
        for (const [who, headers] of [
          ['anonymous', {}],
          ['a forged token', bearer('not.a.token')],
        ] as const) {
          const answer = await send(headers);
          const code = (answer.json() as { error?: { code?: string } }).error?.code;
          if (answer.statusCode !== 401 || !['UNAUTHORIZED', 'TOKEN_INVALID'].includes(code ?? ''))
            findings.push(`${where}, ${who}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
        }
        // A route taking a project's token instead of a user's refuses the owner's sign-in too.
        if (!operation.userToken) continue;
        // The bodies are invalid only where the route reads a body (a schema, or a JSON parse).
        if (attempt.body !== undefined && !operation.body && attempt.body === WRONG_SHAPE) continue;
        const owned = await send(bearer(owner.token));
        if (owned.statusCode !== 400)
          findings.push(
            `${where}, signed in: ${owned.statusCode}, not 400: the input is not invalid`,
          );
      }
    }
    expect(findings).toEqual([]);
  });
});

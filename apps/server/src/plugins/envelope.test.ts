import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@rota/contracts';
import { useTestApp } from '../testing/test-app.js';
import { CORS_METHODS } from './cors.js';

const ctx = useTestApp();
const WEB_ORIGIN = 'http://localhost:3000';

/** The answer is the API's error envelope with this code and a request id. */
function expectEnvelope(body: string, code: string) {
  const parsed = ErrorResponseSchema.parse(JSON.parse(body));
  expect(parsed.error.code).toBe(code);
  expect(parsed.error.message.length).toBeGreaterThan(0);
  expect(parsed.error.requestId).toMatch(/\S/);
}

/** Sends raw bytes to the listening app and reads the whole answer (the server closes). */
async function rawRequest(request: string): Promise<{ status: number; body: string }> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.end(request);
  });
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body };
}

describe("Fastify's and Node's own errors answer in the envelope", () => {
  it('a URL whose percent-encoding does not decode: 400 BAD_REQUEST', async () => {
    for (const url of ['/api/projects/%ff', '/api/jobs/%E0%A4%A', '/%ff']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expectEnvelope(response.body, 'BAD_REQUEST');
      expect(response.headers['x-request-id']).toBe(response.json().error.requestId);
    }
  });

  it('a path parameter over the limit: 414 URI_TOO_LONG', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/projects/${'a'.repeat(500)}`,
    });
    expect(response.statusCode).toBe(414);
    expectEnvelope(response.body, 'URI_TOO_LONG');
  });

  it('headers over the HTTP parser limit: 431 HEADERS_TOO_LARGE', async () => {
    const answer = await rawRequest(
      `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectEnvelope(answer.body, 'HEADERS_TOO_LARGE');
  });

  it('a URL over the HTTP parser limit: 431 HEADERS_TOO_LARGE', async () => {
    const answer = await rawRequest(
      `GET /api/projects?search=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectEnvelope(answer.body, 'HEADERS_TOO_LARGE');
  });

  it('bytes that are not HTTP: 400 BAD_REQUEST', async () => {
    const answer = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(answer.status).toBe(400);
    expectEnvelope(answer.body, 'BAD_REQUEST');
  });

  it('an OPTIONS without Origin or Access-Control-Request-Method: 400 BAD_REQUEST', async () => {
    const cases: Array<Record<string, string>> = [
      {},
      { origin: WEB_ORIGIN },
      { 'access-control-request-method': 'DELETE' },
    ];
    for (const headers of cases) {
      const response = await ctx.app.inject({ method: 'OPTIONS', url: '/api/projects', headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(400);
      expectEnvelope(response.body, 'BAD_REQUEST');
    }
  });
});

describe('CORS', () => {
  it('allows every method a route of the API uses, for the web origin only', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const used = new Set<string>(['HEAD']);
    for (const operations of Object.values(document.paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) used.add(method.toUpperCase());
    }
    expect([...used].sort()).toEqual([...CORS_METHODS].sort());
    for (const method of used) {
      const allowed = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/projects/11111111-1111-4111-8111-111111111111',
        headers: { origin: WEB_ORIGIN, 'access-control-request-method': method },
      });
      expect(allowed.statusCode, method).toBe(204);
      expect(allowed.headers['access-control-allow-origin']).toBe(WEB_ORIGIN);
      expect(String(allowed.headers['access-control-allow-methods']).split(/,\s*/)).toContain(
        method,
      );
      const foreign = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/projects',
        headers: { origin: 'https://evil.example', 'access-control-request-method': method },
      });
      expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    }
  });
});

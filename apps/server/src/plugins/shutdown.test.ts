import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { ErrorResponseSchema } from '@rota/contracts';
import { useTestApp } from '../testing/test-app.js';

const ctx = useTestApp();

it('answers requests that arrive while it shuts down with 503 in the envelope', async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  // The first request (a sign-up: argon2 makes it slow) is in flight when closing starts; the
  // second, pipelined on the same connection, is read only after the first is answered.
  ctx.app.server.once('request', () => void ctx.app.close());
  const signUp = JSON.stringify({
    name: 'Ayşe',
    email: 'shutdown@example.com',
    password: 'Sup3rSecret',
  });
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.write(
      'POST /api/auth/register HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(signUp)}\r\n\r\n${signUp}` +
        'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n',
    );
  });
  const responses = answer.split(/(?=HTTP\/1\.1 )/);
  expect(responses).toHaveLength(2);
  expect(responses[0]).toMatch(/^HTTP\/1\.1 201 /);
  expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
  const body = ErrorResponseSchema.parse(JSON.parse(responses[1]!.split('\r\n\r\n')[1]!));
  expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
});

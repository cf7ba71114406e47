import { randomUUID } from 'node:crypto';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponseSchema } from '@rota/contracts';
import { CLIENT_TIMEOUTS } from '../app.js';
import { useTestApp } from '../testing/test-app.js';

// Clients that send slowly, over real sockets against the listening app with its real timeouts.
const ctx = useTestApp();
let port: number;
beforeAll(async () => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});

interface Exchange {
  /** Everything the server sent before it closed the connection. */
  answer: string;
  /** From the first byte sent to the first byte answered. */
  answeredAfterMs: number;
  closedAfterMs: number;
}

/** Opens a connection, lets `talk` write to it, and collects the answer until the server closes. */
function exchange(talk: (socket: Socket) => () => void): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let answeredAfterMs = -1;
    const chunks: Buffer[] = [];
    let stop = () => {};
    socket.on('connect', () => (stop = talk(socket)));
    socket.on('data', (chunk) => {
      if (answeredAfterMs < 0) answeredAfterMs = performance.now() - started;
      chunks.push(chunk);
    });
    socket.on('error', (error) => {
      // The server may close while the client still writes; what it answered is what counts.
      if ((error as NodeJS.ErrnoException).code !== 'EPIPE' && !chunks.length) reject(error);
    });
    socket.on('close', () => {
      stop();
      resolve({
        answer: Buffer.concat(chunks).toString('utf8'),
        answeredAfterMs,
        closedAfterMs: performance.now() - started,
      });
    });
  });
}

function parseAnswer(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]), head, body };
}

const loginHead = (length: number) =>
  'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${length}\r\n\r\n`;

/** Within the limit plus Node's check interval, and a little slack for a loaded machine. */
const CLOSED_BY_MS = 30_000;

describe('slow clients', () => {
  it('answers 408 in the envelope to bodies that stall or trickle, and to headers that stall', async () => {
    const [stalled, trickled, headersOnly] = await Promise.all([
      // Headers, then 10 bytes of a 100-byte body, then nothing.
      exchange((socket) => {
        socket.write(loginHead(100) + '{"email":"');
        return () => {};
      }),
      // A byte every 2 s: each keeps the connection busy, none makes the request arrive.
      exchange((socket) => {
        socket.write(loginHead(1000));
        const timer = setInterval(() => socket.write('x'), 2_000);
        return () => clearInterval(timer);
      }),
      // Half a request line, then nothing.
      exchange((socket) => {
        socket.write('POST /api/auth/login HTTP/1.1\r\nHost: loc');
        return () => {};
      }),
    ]);

    for (const slow of [stalled, trickled, headersOnly]) {
      const { status, head, body } = parseAnswer(slow.answer);
      expect(status).toBe(408);
      expect(head).toMatch(/content-type: application\/json/i);
      const parsed = ErrorResponseSchema.parse(JSON.parse(body));
      expect(parsed.error.code).toBe('REQUEST_TIMEOUT');
      expect(slow.closedAfterMs).toBeLessThan(CLOSED_BY_MS);
    }
    // Answered by the limits themselves, not by chance earlier.
    expect(stalled.answeredAfterMs).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.requestMs - 500);
    expect(trickled.answeredAfterMs).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.requestMs - 500);
    expect(headersOnly.answeredAfterMs).toBeGreaterThanOrEqual(CLIENT_TIMEOUTS.headersMs - 500);
    expect(headersOnly.answeredAfterMs).toBeLessThan(CLIENT_TIMEOUTS.requestMs);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `408 after: stalled body ${seconds(stalled.answeredAfterMs)}, trickled body ` +
        `${seconds(trickled.answeredAfterMs)}, stalled headers ${seconds(headersOnly.answeredAfterMs)}`,
    );
  }, 60_000);

  it('still takes a 25 MB webhook delivery sent at full speed', async () => {
    const padding = 'a'.repeat(25 * 1024 * 1024 - 200);
    const body = JSON.stringify({ repository: { full_name: 'octocat/hello' }, padding });
    const delivered = await exchange((socket) => {
      socket.write(
        'POST /webhook/github HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
          `X-GitHub-Event: ping\r\nX-GitHub-Delivery: ${randomUUID()}\r\n` +
          `X-Hub-Signature-256: sha256=${'0'.repeat(64)}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(body);
      return () => {};
    });
    // Read whole, parsed and looked up: no project has this repository (not 408, not 413).
    const { status, body: answer } = parseAnswer(delivered.answer);
    expect(status).toBe(404);
    expect(ErrorResponseSchema.parse(JSON.parse(answer)).error.code).toBe('NOT_FOUND');
    expect(delivered.answeredAfterMs).toBeLessThan(CLIENT_TIMEOUTS.requestMs);
  }, 60_000);
});

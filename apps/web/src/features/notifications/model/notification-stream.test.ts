import { describe, expect, it, vi } from 'vitest';
import type { StreamEvent } from './event-stream-parser';
import { openNotificationStream, retryDelay } from './notification-stream';

const encoder = new TextEncoder();

/** A response whose body sends `chunks` and then ends (or stays open). */
function sse(chunks: string[], { open = false } = {}): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        if (!open) controller.close();
      },
    }),
    { status: 200, headers: { 'Content-Type': 'text/event-stream' } },
  );
}

function harness(answers: Array<Response | Error>, token: () => string | null = () => 'token-1') {
  const events: StreamEvent[] = [];
  const statuses: boolean[] = [];
  const waits: number[] = [];
  const authorizations: string[] = [];
  const renewToken = vi.fn(() => Promise.resolve(true));
  let calls = 0;
  const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
    authorizations.push(new Headers(init?.headers).get('Authorization') ?? '');
    const answer = answers[calls];
    calls += 1;
    if (!answer)
      // The last connection stays pending until closed, as fetch does with its signal.
      return new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
      );
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }) as unknown as typeof globalThis.fetch;
  const stream = openNotificationStream({
    url: '/api/notifications/stream',
    getToken: token,
    onEvent: (event) => events.push(event),
    onStatus: (live) => statuses.push(live),
    renewToken,
    fetch,
    sleep: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  return { stream, events, statuses, waits, authorizations, renewToken, fetch };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the notification stream', () => {
  it('sends the bearer token and hands on events split across chunks, multi-byte letters too', async () => {
    const bytes = encoder.encode('event: notification\ndata: {"title":"Başlık"}\n\n');
    const cut = bytes.indexOf(0xc5) + 1; // inside "ş"
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.enqueue(encoder.encode(': heartbeat\n\nevent: unread\nda'));
        controller.enqueue(encoder.encode('ta: {"unread":2}\n\n'));
      },
    });
    const { stream, events, statuses, authorizations } = harness([new Response(body)]);
    await settle();
    expect(authorizations).toEqual(['Bearer token-1']);
    expect(statuses).toEqual([true]);
    expect(events).toEqual([
      { event: 'notification', data: '{"title":"Başlık"}' },
      { event: 'unread', data: '{"unread":2}' },
    ]);
    stream.close();
    await stream.done;
  });

  it('tries again after 1, 2, 4 … s while it fails, and from 1 s again after it was open', async () => {
    const { stream, statuses, waits, fetch } = harness([
      new TypeError('offline'),
      new Response('down', { status: 503 }),
      new TypeError('offline'),
      sse(['event: unread\ndata: {"unread":1}\n\n']),
      new TypeError('offline'),
    ]);
    await settle();
    expect(waits).toEqual([1000, 2000, 4000, 1000, 2000]);
    expect(statuses).toEqual([false, false, false, true, false, false]);
    expect(fetch).toHaveBeenCalledTimes(6);
    stream.close();
    await stream.done;
  });

  it('never waits longer than 30 s between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('renews the token after a 401 and goes on with the new one', async () => {
    let token = 'old';
    const { stream, renewToken, authorizations } = harness(
      [new Response(null, { status: 401 }), sse([], { open: true })],
      () => token,
    );
    renewToken.mockImplementation(() => {
      token = 'new';
      return Promise.resolve(true);
    });
    await settle();
    expect(renewToken).toHaveBeenCalledTimes(1);
    expect(authorizations).toEqual(['Bearer old', 'Bearer new']);
    stream.close();
    await stream.done;
  });

  it('stops when the token cannot be renewed, or a renewed token is refused too', async () => {
    const failed = harness([new Response(null, { status: 401 })]);
    failed.renewToken.mockResolvedValue(false);
    await failed.stream.done;
    expect(failed.fetch).toHaveBeenCalledTimes(1);

    const refusedTwice = harness([
      new Response(null, { status: 401 }),
      new Response(null, { status: 401 }),
    ]);
    await refusedTwice.stream.done;
    expect(refusedTwice.renewToken).toHaveBeenCalledTimes(1);
    expect(refusedTwice.fetch).toHaveBeenCalledTimes(2);
  });

  it('does not connect without a token (signed out), and stops when closed', async () => {
    const signedOut = harness([], () => null);
    await signedOut.stream.done;
    expect(signedOut.fetch).not.toHaveBeenCalled();

    const open = harness([sse([], { open: true })]);
    await settle();
    open.stream.close();
    await open.stream.done;
    expect(open.fetch).toHaveBeenCalledTimes(1);
    expect(open.statuses.at(-1)).toBe(true); // closed on purpose: the caller sets its own state
  });
});

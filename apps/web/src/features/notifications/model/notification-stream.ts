import { EventStreamParser, type StreamEvent } from './event-stream-parser';

/**
 * The live notification stream on `fetch` (EventSource cannot send the bearer token): opens it
 * with the stored token, hands each event on, and when it fails or ends tries again after
 * 1, 2, 4 … 30 s. A 401 asks `renewToken` (which renews it through the API client)
 * whether to go on; no token, or a failed renewal, stops it.
 */
export interface NotificationStreamOptions {
  url: string;
  getToken: () => string | null;
  onEvent: (event: StreamEvent) => void;
  /** The stream is open (`true`) or down and waiting to try again (`false`). */
  onStatus: (live: boolean) => void;
  /** After a 401: renews the token; false when the user is signed out. */
  renewToken: () => Promise<boolean>;
  fetch?: typeof fetch;
  /** Waits `ms`, or less when `signal` aborts (tests pass one that does not wait). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const RETRY_BASE_MS = 1_000;
export const RETRY_MAX_MS = 30_000;

export const retryDelay = (failures: number): number =>
  Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export interface NotificationStream {
  close(): void;
  /** Settles when the stream has stopped for good (closed, signed out). */
  done: Promise<void>;
}

export function openNotificationStream(options: NotificationStreamOptions): NotificationStream {
  const controller = new AbortController();
  const { signal } = controller;
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const sleep = options.sleep ?? defaultSleep;

  /** Reads one connection to its end: how it ended. */
  async function connect(token: string): Promise<'ended' | 'unauthorized' | 'failed'> {
    const response = await send(options.url, {
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      signal,
      cache: 'no-store',
    });
    if (response.status === 401) return 'unauthorized';
    if (!response.ok || !response.body) return 'failed';
    options.onStatus(true);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new EventStreamParser();
    // A body that never ends (the server's heartbeats keep it open) is cancelled on close.
    const cancel = () => void reader.cancel().catch(() => undefined);
    signal.addEventListener('abort', cancel);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (signal.aborted) return 'ended';
          options.onEvent(event);
        }
      }
    } finally {
      signal.removeEventListener('abort', cancel);
      reader.releaseLock();
    }
    return 'ended';
  }

  async function run(): Promise<void> {
    let failures = 0;
    let refreshed = false;
    while (!signal.aborted) {
      const token = options.getToken();
      if (!token) return;
      let outcome: Awaited<ReturnType<typeof connect>>;
      try {
        outcome = await connect(token);
      } catch (_error) {
        outcome = 'failed'; // offline, dropped, or closed by us
      }
      if (signal.aborted) return;
      if (outcome === 'unauthorized') {
        // One renewal per refusal in a row: a token refused right after renewing is not retried.
        if (refreshed || !(await options.renewToken())) return;
        refreshed = true;
        continue;
      }
      refreshed = false;
      options.onStatus(false);
      failures = outcome === 'ended' ? 1 : failures + 1;
      await sleep(retryDelay(failures), signal);
    }
  }

  const done = run().finally(() => {
    if (!signal.aborted) options.onStatus(false);
  });
  return { close: () => controller.abort(), done };
}

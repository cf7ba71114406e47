import { MAX_RETRIES } from './api-config';
import { HttpFailure, NoAnswer } from './api-transport';

export type RetryDelay = (retryCount: number, failure: unknown) => number;

/**
 * Spec §9: network errors, idempotent request errors, or any status of 500 and above. Never a
 * 429: the server has said when to come back (Retry-After), and asking again at once only spends
 * more of the limit; the message tells the user when. Never a timeout or a cancelled call: the
 * time is spent, or the caller no longer wants the answer. A 5xx is retried for any method, so
 * the idempotent-request rule adds nothing beyond it.
 */
export function shouldRetry(failure: unknown): boolean {
  if (failure instanceof NoAnswer) return failure.reason === 'network';
  return failure instanceof HttpFailure && failure.response.status >= 500;
}

/** Exponential back-off with up to 20 % jitter: about 200, 400, 800 ms (axios-retry's curve). */
export const defaultRetryDelay: RetryDelay = (retryCount) =>
  2 ** retryCount * 100 * (1 + 0.2 * Math.random());

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `send` and, while the failure allows it, again after the delay, up to `retries` more times. */
export async function withRetry<T>(
  send: () => Promise<T>,
  options: { retries?: number; delay: RetryDelay; signal: AbortSignal },
): Promise<T> {
  const retries = options.retries ?? MAX_RETRIES;
  for (let retryCount = 1; ; retryCount += 1) {
    try {
      return await send();
    } catch (failure) {
      if (retryCount > retries || !shouldRetry(failure)) throw failure;
      await wait(options.delay(retryCount, failure));
      if (options.signal.aborted) throw failure;
    }
  }
}

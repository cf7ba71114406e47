import { ErrorCodes } from '@rota/contracts';
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
  return (
    failure instanceof HttpFailure &&
    failure.response.status >= 500 &&
    !upstreamAlreadyWaited(failure.response.data)
  );
}

/**
 * A 502 GITHUB_UNAVAILABLE comes after the server gave GitHub 10 s and its own retries: asking again
 * at once waits as long again, and three such tries outlast the request's 30 s, which then reads as
 * a network error although the server had answered.
 */
function upstreamAlreadyWaited(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === ErrorCodes.githubUnavailable
  );
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
  let answered: HttpFailure | null = null;
  for (let retryCount = 1; ; retryCount += 1) {
    try {
      return await send();
    } catch (failure) {
      // The time ran out on a retry: the server's last answer says more than "no answer".
      if (answered && failure instanceof NoAnswer && failure.reason === 'timeout') throw answered;
      if (failure instanceof HttpFailure) answered = failure;
      if (retryCount > retries || !shouldRetry(failure)) throw failure;
      await wait(options.delay(retryCount, failure));
      if (options.signal.aborted) throw failure;
    }
  }
}

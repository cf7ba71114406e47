import type { Octokit } from '@octokit/core';
import type { OctokitOptions } from '@octokit/core/types';

/** How long one request to GitHub waits for GitHub's answer, headers and body. */
export const GITHUB_ANSWER_TIMEOUT_MS = 10_000;

/**
 * GitHub did not answer a request in time (it accepted the connection, or not, and kept silent).
 * Shaped as Octokit's plugins read a failed request: `status` 0, as no HTTP answer came (so stored
 * data is served where there is some, conditional-requests.ts), and no retries left — a GitHub that
 * kept silent for 10 s is not expected to answer the next try sooner, and the caller has waited.
 */
export class GitHubNoAnswer extends Error {
  readonly status = 0;
  readonly request = { request: { retries: 0 } };

  constructor(
    readonly timeoutMs: number,
    what: string,
  ) {
    super(`GitHub did not answer ${what} within ${timeoutMs / 1000} s`);
    this.name = 'GitHubNoAnswer';
  }
}

const connectTimedOut = (error: unknown) =>
  (error as { cause?: { cause?: { code?: unknown } } } | null)?.cause?.cause?.code ===
  'UND_ERR_CONNECT_TIMEOUT';

/**
 * An Octokit plugin that gives each request (each try, when retried) `answerTimeoutMs` (default
 * GITHUB_ANSWER_TIMEOUT_MS) for GitHub's whole answer. Listed first, it wraps the request closest
 * to the network, inside throttling and retries. Without it, fetch waits minutes for headers that
 * never come, and the retries repeat the wait.
 */
export function answerTimeout(octokit: Octokit, options: OctokitOptions): void {
  const given = (options as { answerTimeoutMs?: unknown }).answerTimeoutMs;
  const limit = typeof given === 'number' ? given : GITHUB_ANSWER_TIMEOUT_MS;
  octokit.hook.wrap('request', async (request, requestOptions) => {
    const outer = requestOptions.request?.signal as AbortSignal | undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), limit);
    const noAnswer = () =>
      new GitHubNoAnswer(limit, `${requestOptions.method} ${requestOptions.url}`);
    // The hooks inside read this same options object (before-after-hook binds it to each of them,
    // and ignores what is passed on), so this try's signal is set on it, and the caller's put back.
    requestOptions.request = {
      ...requestOptions.request,
      signal: outer ? AbortSignal.any([outer, controller.signal]) : controller.signal,
    };
    try {
      const response = await request(requestOptions);
      // A body cut off by the timeout is read as empty text rather than failing (Octokit's parser).
      if (controller.signal.aborted) throw noAnswer();
      return response;
    } catch (error) {
      if (error instanceof GitHubNoAnswer) throw error;
      if ((controller.signal.aborted && !outer?.aborted) || connectTimedOut(error))
        throw noAnswer();
      throw error;
    } finally {
      clearTimeout(timer);
      requestOptions.request = { ...requestOptions.request, signal: outer };
    }
  });
}

import { sendOnce, type ApiResponse, type Attempt } from './api-transport';

/**
 * Answers a page will ask for, requested before React renders. A signed-in page
 * otherwise asks for its data only once its code has arrived and rendered, and a project page
 * then asks for its analyses only once the project has answered: on a phone those are round trips
 * one after another. `main.tsx` starts the page's first GETs (`app/early-requests.ts`) while its
 * code loads; the API client's first attempt for the same URL with the same token takes the answer
 * (`takeEarly`) instead of sending again. Retries, the 401 refresh and the error messages work as
 * for any attempt, because an early answer is exactly one `sendOnce`.
 */

/** An answer nobody asked for within this long is dropped: it is for the page's first load only. */
export const EARLY_ANSWER_KEEP_MS = 10_000;

interface EarlyAnswer {
  token: string;
  answer: Promise<ApiResponse>;
  /** Lets the taker's timeout or cancellation end the request it took over. */
  controller: AbortController;
  taker: Pick<Attempt, 'timedOut'> | null;
  expiry: ReturnType<typeof setTimeout>;
}

const waiting = new Map<string, EarlyAnswer>();

/** Starts a GET for each URL (as built by `urlOf`), with the stored access token. */
export function fetchEarly(urls: readonly string[], token: string): void {
  for (const url of urls) {
    if (waiting.has(url)) continue;
    const controller = new AbortController();
    const early: EarlyAnswer = {
      token,
      controller,
      taker: null,
      answer: sendOnce({
        url,
        method: 'GET',
        data: undefined,
        token,
        signal: controller.signal,
        timedOut: () => early.taker?.timedOut() ?? false,
      }),
      expiry: setTimeout(() => {
        if (waiting.get(url) !== early) return;
        waiting.delete(url);
        controller.abort();
      }, EARLY_ANSWER_KEEP_MS),
    };
    // Whoever takes the answer hears of its failure; an answer nobody takes has no one to tell.
    early.answer.catch(() => undefined);
    waiting.set(url, early);
  }
}

/**
 * The early answer for this attempt, if one is waiting for its URL and token (only a GET's first
 * attempt can match: taking removes it). The attempt's signal then ends the early request. Any
 * other method drops every waiting answer.
 */
export function takeEarly(attempt: Attempt): Promise<ApiResponse> | undefined {
  if (attempt.method !== 'GET' || attempt.data !== undefined) {
    // A write may change what the waiting answers say: none of them is handed out after it.
    discardEarlyAnswers();
    return undefined;
  }
  const early = waiting.get(attempt.url);
  if (!early || early.token !== attempt.token) return undefined;
  waiting.delete(attempt.url);
  clearTimeout(early.expiry);
  early.taker = attempt;
  if (attempt.signal.aborted) early.controller.abort();
  else attempt.signal.addEventListener('abort', () => early.controller.abort(), { once: true });
  return early.answer;
}

/** How many early answers are still waiting to be taken (tests). */
export const earlyAnswersWaiting = (): number => waiting.size;

/** Drops every waiting answer, ending their requests. */
export function discardEarlyAnswers(): void {
  for (const early of waiting.values()) {
    clearTimeout(early.expiry);
    early.controller.abort();
  }
  waiting.clear();
}

/**
 * One HTTP attempt on `fetch` (axios and axios-retry were 20 KB of the login page).
 * Retries, the 401 refresh and the error messages are layered on top in api-client.ts.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Query values; `undefined` ones are left out of the URL. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

export interface ApiRequestConfig {
  method?: HttpMethod;
  url: string;
  params?: QueryParams;
  /** Sent as JSON; without it the request has no body and no Content-Type. */
  data?: unknown;
  /** Milliseconds for the whole call, retries included (spec §9); the client's default otherwise. */
  timeout?: number;
  signal?: AbortSignal;
  /** How often a network error or 5xx is tried again; MAX_RETRIES unless set (logout: 0). */
  retries?: number;
}

export interface ApiResponse {
  status: number;
  data: unknown;
  headers: Headers;
}

/** The server answered with a status outside 2xx. */
export class HttpFailure extends Error {
  constructor(readonly response: ApiResponse) {
    super(`HTTP ${response.status}`);
    this.name = 'HttpFailure';
  }
}

/** The request was sent but never answered: offline, DNS, timeout, or cancelled by the caller. */
export class NoAnswer extends Error {
  constructor(
    readonly reason: 'network' | 'timeout' | 'aborted',
    options?: { cause?: unknown },
  ) {
    super(`no answer (${reason})`, options);
    this.name = 'NoAnswer';
  }
}

export function urlOf(baseURL: string, url: string, params: QueryParams = {}): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) query.append(key, String(value));
  const search = query.toString();
  return `${baseURL}${url}${search ? (url.includes('?') ? '&' : '?') + search : ''}`;
}

/** JSON when it parses, the text otherwise (an HTML error page), undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface Attempt {
  url: string;
  method: HttpMethod;
  data: unknown;
  token: string | null;
  /** Aborts on the caller's signal or the timeout; `timedOut` tells which. */
  signal: AbortSignal;
  timedOut: () => boolean;
}

export async function sendOnce(attempt: Attempt): Promise<ApiResponse> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (attempt.data !== undefined) headers['Content-Type'] = 'application/json';
  if (attempt.token) headers.Authorization = `Bearer ${attempt.token}`;
  let response: Response;
  let data: unknown;
  try {
    response = await fetch(attempt.url, {
      method: attempt.method,
      headers,
      signal: attempt.signal,
      ...(attempt.data !== undefined ? { body: JSON.stringify(attempt.data) } : {}),
    });
    data = await readBody(response);
  } catch (cause) {
    const reason = attempt.timedOut() ? 'timeout' : attempt.signal.aborted ? 'aborted' : 'network';
    throw new NoAnswer(reason, { cause });
  }
  const answer = { status: response.status, data, headers: response.headers };
  if (!response.ok) throw new HttpFailure(answer);
  return answer;
}

/**
 * A signal that aborts when the caller's does or when `ms` have passed, whichever comes first.
 * Built by hand: AbortSignal.any is newer than the browsers the build targets.
 */
export function deadline(ms: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

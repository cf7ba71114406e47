import { setTimeout as sleep } from 'node:timers/promises';
import type { LlmConfig } from '../../../config.js';

/**
 * One structured chat completion from an OpenAI-compatible server (`POST {base}/chat/completions`,
 * OpenAI's published request and response shape, which Ollama, vLLM, llama.cpp and LM Studio also
 * speak). Transport only: it returns the answer's text and leaves reading it to the caller.
 */

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export interface StructuredRequest {
  messages: ChatMessage[];
  /** `response_format.json_schema`: the answer's name and JSON Schema (strict). */
  schema: { name: string; schema: object };
}

/** Why the model gave no usable answer, in English, with how many requests were made. */
export class LlmFailure extends Error {
  constructor(
    message: string,
    readonly attempts: number,
  ) {
    super(message);
    this.name = 'LlmFailure';
  }
}

/** Retries after the first attempt, for network errors, timeouts, 429 and 5xx (never other 4xx). */
export const LLM_RETRIES = 2;
/** A server's Retry-After is honoured up to this; longer would hold the review job too long. */
export const MAX_RETRY_AFTER_MS = 30_000;
/** How much of a server's error body is kept in the message (it may be an HTML page). */
const ERROR_TEXT_LIMIT = 300;

type Attempt =
  { ok: true; content: string } | { ok: false; retry: boolean; wait?: number; why: string };

export async function completeStructured(
  config: LlmConfig,
  request: StructuredRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<{ content: string; attempts: number }> {
  const body = JSON.stringify({
    model: config.model,
    messages: request.messages,
    // Reviews should not change from one run to the next for the same diff.
    temperature: 0,
    response_format: {
      type: 'json_schema',
      json_schema: { name: request.schema.name, strict: true, schema: request.schema.schema },
    },
  });
  let last = '';
  for (let attempt = 1; attempt <= LLM_RETRIES + 1; attempt += 1) {
    const result = await attemptOnce(config, body, fetchImpl);
    if (result.ok) return { content: result.content, attempts: attempt };
    last = result.why;
    if (!result.retry) throw new LlmFailure(result.why, attempt);
    if (attempt <= LLM_RETRIES) await sleep(result.wait ?? config.retryBaseMs * 2 ** (attempt - 1));
  }
  const attempts = LLM_RETRIES + 1;
  throw new LlmFailure(`${last} (${attempts} attempts)`, attempts);
}

async function attemptOnce(
  config: LlmConfig,
  body: string,
  fetchImpl: typeof fetch,
): Promise<Attempt> {
  // One signal for the request and the reading of its body: a server that stalls mid-answer is a
  // timeout too.
  const signal = AbortSignal.timeout(config.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetchImpl(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: `Bearer ${config.apiKey}`,
      },
      body,
      signal,
    });
    text = await response.text();
  } catch (caught) {
    const timedOut = signal.aborted || (caught instanceof Error && caught.name === 'TimeoutError');
    return {
      ok: false,
      retry: true,
      why: timedOut
        ? `The model did not answer within ${config.timeoutMs} ms`
        : `The model's server could not be reached (${networkCause(caught)})`,
    };
  }
  if (response.status === 429)
    return {
      ok: false,
      retry: true,
      why: 'The model server is rate limiting Rota (429)',
      ...retryAfter(response.headers.get('retry-after')),
    };
  if (response.status >= 500)
    return { ok: false, retry: true, why: `The model server failed (${response.status})` };
  if (!response.ok)
    return {
      ok: false,
      retry: false,
      why: `The model server refused the request (${response.status}: ${errorText(text)})`,
    };
  return readCompletion(text);
}

/** `choices[0].message.content` of a chat.completion, or why there is no usable one. */
export function readCompletion(text: string): Attempt {
  const failed = (why: string): Attempt => ({ ok: false, retry: false, why });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return failed('The model server answered with something other than JSON');
  }
  const choice = (parsed as { choices?: unknown[] } | null)?.choices?.[0] as
    { finish_reason?: unknown; message?: { content?: unknown; refusal?: unknown } } | undefined;
  if (!choice?.message) return failed('The model server answered without a choice');
  const { content, refusal } = choice.message;
  if (typeof refusal === 'string' && refusal.trim())
    return failed(`The model refused to review: ${errorText(refusal)}`);
  // A cut-off answer is half a JSON document: reading it would be guessing.
  if (choice.finish_reason === 'length')
    return failed("The model's answer was cut off at its output limit");
  if (typeof content !== 'string' || !content.trim())
    return failed('The model gave an empty answer');
  return { ok: true, content };
}

/** Retry-After in seconds or as an HTTP date, capped; nothing usable → the usual backoff. */
function retryAfter(header: string | null): { wait?: number } {
  if (!header) return {};
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return {};
  return { wait: Math.min(Math.max(0, ms), MAX_RETRY_AFTER_MS) };
}

/** OpenAI's `{error: {message}}`, else the start of the body, on one line. */
function errorText(text: string): string {
  let message = text;
  try {
    const parsed = JSON.parse(text) as { error?: { message?: unknown } | string };
    const error = parsed.error;
    if (typeof error === 'string') message = error;
    else if (typeof error?.message === 'string') message = error.message;
  } catch {
    // Not JSON: the raw text, shortened.
  }
  const flat = message.replace(/\s+/g, ' ').trim();
  return flat.length > ERROR_TEXT_LIMIT
    ? `${flat.slice(0, ERROR_TEXT_LIMIT)}…`
    : flat || 'no message';
}

function networkCause(caught: unknown): string {
  if (!(caught instanceof Error)) return String(caught);
  // fetch says only "fetch failed"; the reason (ECONNREFUSED, ENOTFOUND, bad port) is its cause.
  const cause = (caught as Error & { cause?: { code?: unknown; message?: unknown } }).cause;
  if (typeof cause?.code === 'string') return cause.code;
  return typeof cause?.message === 'string' ? cause.message : caught.message;
}

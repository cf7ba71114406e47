import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LlmConfig } from '../../../config.js';
import { startOpenAiDouble, type OpenAiDouble } from '../../../testing/openai-double.js';
import { completeStructured, LlmFailure } from './client.js';

/** The client against the OpenAI-compatible double: what is retried, what is not. */
let model: OpenAiDouble;
beforeAll(async () => {
  model = await startOpenAiDouble();
});
afterAll(async () => model?.close());
beforeEach(() => {
  model.requests.length = 0;
});

const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
  baseUrl: model.baseUrl,
  apiKey: model.apiKey,
  model: 'm',
  timeoutMs: 2000,
  maxInputTokens: 1000,
  retryBaseMs: 5,
  ...overrides,
});
const request = {
  messages: [{ role: 'user' as const, content: 'Review this.' }],
  schema: { name: 'answer', schema: { type: 'object' } },
};

async function failure(promise: Promise<unknown>): Promise<LlmFailure> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(LlmFailure);
  return caught as LlmFailure;
}

describe('completeStructured', () => {
  it('waits as long as a 429 says (capped) and then reads the answer', async () => {
    model.reply = (_, index) =>
      index === 0
        ? { status: 429, message: 'Rate limit reached', headers: { 'retry-after': '0.3' } }
        : { content: '{"ok":true}' };
    const started = Date.now();
    const result = await completeStructured(config(), request);
    expect(result).toEqual({ content: '{"ok":true}', attempts: 2 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it('never retries a refused request (4xx other than 429), and says why', async () => {
    const caught = await failure(completeStructured(config({ apiKey: 'sk-wrong' }), request));
    expect(caught.message).toBe(
      'The model server refused the request (401: Incorrect API key provided)',
    );
    expect(caught.attempts).toBe(1);
    model.reply = () => ({ status: 400, message: "Invalid schema for response_format 'answer'" });
    const invalid = await failure(completeStructured(config(), request));
    expect(invalid.message).toContain("400: Invalid schema for response_format 'answer'");
    expect(model.requests).toHaveLength(1);
  });

  it('gives up after two retries of server errors', async () => {
    model.reply = () => ({ status: 500, message: 'boom' });
    const caught = await failure(completeStructured(config(), request));
    expect(caught.message).toBe('The model server failed (500) (3 attempts)');
    expect(model.requests).toHaveLength(3);
  });

  it('retries an unreachable server as a network error', async () => {
    // A port that was just free: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const caught = await failure(
      completeStructured(config({ baseUrl: `http://127.0.0.1:${port}/v1` }), request),
    );
    expect(caught.message).toBe(
      "The model's server could not be reached (ECONNREFUSED) (3 attempts)",
    );
    expect(caught.attempts).toBe(3);
  });
});

import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { apiRequest, createApiClient } from './api-client';
import { ApiError } from './api-error';

function counted(handler: (call: number) => Response | Promise<Response>) {
  const counter = { calls: 0 };
  return {
    counter,
    resolver: () => {
      counter.calls += 1;
      return handler(counter.calls);
    },
  };
}

const client = () => createApiClient({ retryDelay: () => 0, onSessionExpired: vi.fn() });

describe('retries (spec §9)', () => {
  it('retries a network error and then succeeds', async () => {
    const { counter, resolver } = counted((call) =>
      call === 1 ? HttpResponse.error() : HttpResponse.json({ success: true, data: 'ok' }),
    );
    server.use(http.get('/api/flaky', resolver));
    await expect(apiRequest({ url: '/api/flaky' }, undefined, client())).resolves.toBe('ok');
    expect(counter.calls).toBe(2);
  });

  it('retries a GET 503 three times, then fails with the last answer', async () => {
    const { counter, resolver } = counted(() =>
      HttpResponse.json(
        { success: false, error: { message: 'Down', code: 'SERVICE_UNAVAILABLE' } },
        { status: 503 },
      ),
    );
    server.use(http.get('/api/down', resolver));
    const error = await apiRequest({ url: '/api/down' }, undefined, client()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
    expect(counter.calls).toBe(4);
  });

  it('does not retry a 502 GITHUB_UNAVAILABLE: the server already waited on GitHub', async () => {
    const { counter, resolver } = counted(() =>
      HttpResponse.json(
        { success: false, error: { message: 'GitHub did not answer', code: 'GITHUB_UNAVAILABLE' } },
        { status: 502 },
      ),
    );
    server.use(http.post('/api/sync', resolver));
    const error = await apiRequest({ method: 'POST', url: '/api/sync' }, undefined, client()).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).code).toBe('GITHUB_UNAVAILABLE');
    expect((error as ApiError).status).toBe(502);
    expect(counter.calls).toBe(1);
  });

  it('reports the last answer, not "no answer", when the time runs out on a retry', async () => {
    const { counter, resolver } = counted(async (call) => {
      if (call > 1) await new Promise((resolve) => setTimeout(resolve, 500));
      return HttpResponse.json(
        { success: false, error: { message: 'Bad gateway', code: 'INTERNAL_ERROR' } },
        { status: 502 },
      );
    });
    server.use(http.get('/api/slow', resolver));
    const error = await apiRequest({ url: '/api/slow', timeout: 200 }, undefined, client()).catch(
      (e: unknown) => e,
    );
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).code).toBe('INTERNAL_ERROR');
    expect(counter.calls).toBe(2);
  });

  it('does not retry a 429, and keeps its Retry-After for the message', async () => {
    const { counter, resolver } = counted(() =>
      HttpResponse.json(
        { success: false, error: { message: 'Too many', code: 'ACTIVE_ANALYSES_LIMIT' } },
        { status: 429, headers: { 'retry-after': '30' } },
      ),
    );
    server.use(http.get('/api/busy', resolver));
    const error = await apiRequest({ url: '/api/busy' }, undefined, client()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).retryAfterSeconds).toBe(30);
    expect(counter.calls).toBe(1);
  });

  it('retries any method on a status of 500 or more', async () => {
    const { counter, resolver } = counted((call) =>
      call < 3
        ? HttpResponse.json(
            { success: false, error: { message: 'x', code: 'INTERNAL_ERROR' } },
            { status: 500 },
          )
        : HttpResponse.json({ success: true, data: 'made' }, { status: 201 }),
    );
    server.use(http.post('/api/make', resolver));
    await expect(
      apiRequest({ method: 'POST', url: '/api/make', data: {} }, undefined, client()),
    ).resolves.toBe('made');
    expect(counter.calls).toBe(3);
  });

  it('does not retry a 400', async () => {
    const { counter, resolver } = counted(() =>
      HttpResponse.json(
        { success: false, error: { message: 'Bad', code: 'BAD_REQUEST' } },
        { status: 400 },
      ),
    );
    server.use(http.get('/api/bad', resolver));
    await apiRequest({ url: '/api/bad' }, undefined, client()).catch(() => undefined);
    expect(counter.calls).toBe(1);
  });

  it('waits with the injected delay between attempts', async () => {
    const retryDelay = vi.fn((_count: number) => 0);
    const { resolver } = counted(() => HttpResponse.json({}, { status: 502 }));
    server.use(http.get('/api/gateway', resolver));
    await apiRequest({ url: '/api/gateway' }, undefined, createApiClient({ retryDelay })).catch(
      () => undefined,
    );
    expect(retryDelay.mock.calls.map(([count]) => count)).toEqual([1, 2, 3]);
  });

  it('does not retry a call that asks for no retries (logout)', async () => {
    const { counter, resolver } = counted(() => HttpResponse.json({}, { status: 503 }));
    server.use(http.post('/api/auth/logout', resolver));
    await apiRequest(
      { method: 'POST', url: '/api/auth/logout', data: {}, retries: 0 },
      undefined,
      client(),
    ).catch(() => undefined);
    expect(counter.calls).toBe(1);
  });
});

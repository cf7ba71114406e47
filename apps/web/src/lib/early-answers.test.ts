import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { apiRequest, createApiClient } from './api-client';
import { ApiError, ClientErrorCodes } from './api-error';
import {
  discardEarlyAnswers,
  EARLY_ANSWER_KEEP_MS,
  earlyAnswersWaiting,
  fetchEarly,
} from './early-answers';

const client = createApiClient({ retryDelay: () => 0, onSessionExpired: vi.fn() });

afterEach(() => {
  discardEarlyAnswers();
  vi.useRealTimers();
});

/** A GET route that answers with how many times it has been called. */
function countedRoute(url: string) {
  const calls: number[] = [];
  server.use(
    http.get(url, async () => {
      calls.push(calls.length + 1);
      await delay(5);
      return HttpResponse.json({ success: true, data: calls.length });
    }),
  );
  return calls;
}

describe('early answers', () => {
  it('hands the first GET of the same URL and token the answer already asked for, once', async () => {
    localStorage.setItem('token', 'access-1');
    const calls = countedRoute('/api/things');
    fetchEarly(['/api/things'], 'access-1');
    await expect(apiRequest({ url: '/api/things' }, undefined, client)).resolves.toBe(1);
    // Taken: the next call is a request of its own.
    await expect(apiRequest({ url: '/api/things' }, undefined, client)).resolves.toBe(2);
    expect(calls).toHaveLength(2);
  });

  it('is not taken by another method, URL or token', async () => {
    localStorage.setItem('token', 'access-2');
    const calls = countedRoute('/api/things');
    fetchEarly(['/api/things'], 'access-1');
    await apiRequest({ url: '/api/things' }, undefined, client);
    await apiRequest({ url: '/api/things', params: { page: 2 } }, undefined, client);
    expect(earlyAnswersWaiting()).toBe(1);
    expect(calls).toHaveLength(3);
  });

  it('hands out nothing asked for before a write', async () => {
    localStorage.setItem('token', 'access-1');
    const calls = countedRoute('/api/things');
    server.use(http.post('/api/things', () => HttpResponse.json({ success: true, data: null })));
    fetchEarly(['/api/things'], 'access-1');
    await apiRequest({ method: 'POST', url: '/api/things', data: {} }, undefined, client);
    expect(earlyAnswersWaiting()).toBe(0);
    // The next read gets an answer of its own (the latest call), not the one from before the write.
    const answer = await apiRequest({ url: '/api/things' }, undefined, client);
    expect(answer).toBe(calls.length);
  });

  it('goes through the 401 refresh like any first attempt', async () => {
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('refreshToken', 'refresh-1');
    server.use(
      http.get('/api/protected', ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-token'
          ? HttpResponse.json({ success: true, data: 'secret' })
          : HttpResponse.json(
              { success: false, error: { code: 'TOKEN_EXPIRED', message: 'Token expired' } },
              { status: 401 },
            ),
      ),
      http.post('/api/auth/refresh', () =>
        HttpResponse.json({
          success: true,
          data: { token: 'new-token', refreshToken: 'refresh-2' },
        }),
      ),
    );
    fetchEarly(['/api/protected'], 'old-token');
    await expect(apiRequest({ url: '/api/protected' }, undefined, client)).resolves.toBe('secret');
    expect(localStorage.getItem('token')).toBe('new-token');
  });

  it('ends the request it took over when the caller cancels', async () => {
    localStorage.setItem('token', 'access-1');
    server.use(
      http.get('/api/slow', async () => {
        await delay(10_000);
        return HttpResponse.json({ success: true, data: 'late' });
      }),
    );
    fetchEarly(['/api/slow'], 'access-1');
    const controller = new AbortController();
    const answer = apiRequest({ url: '/api/slow', signal: controller.signal }, undefined, client);
    controller.abort();
    const error = await answer.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    // At once, not after the 10 s the server would take: the early request was ended too.
    expect((error as ApiError).code).toBe(ClientErrorCodes.network);
  });

  it('drops an answer nobody asked for in time', () => {
    server.use(http.get('/api/never', () => HttpResponse.json({ success: true, data: null })));
    vi.useFakeTimers();
    fetchEarly(['/api/never'], 'access-1');
    expect(earlyAnswersWaiting()).toBe(1);
    vi.advanceTimersByTime(EARLY_ANSWER_KEEP_MS + 1);
    expect(earlyAnswersWaiting()).toBe(0);
  });
});

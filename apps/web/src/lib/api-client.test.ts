import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '../test/server';
import { apiClient, apiRequest, createApiClient } from './api-client';
import { ANALYSIS_TIMEOUT_MS, ANALYTICS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './api-config';
import { ApiError } from './api-error';
import { setNavigator } from './navigation';

function makeClient() {
  const onSessionExpired = vi.fn();
  const client = createApiClient({ retryDelay: () => 0, onSessionExpired });
  return { client, onSessionExpired };
}

function signIn(token = 'old-token', refreshToken = 'refresh-1') {
  localStorage.setItem('token', token);
  localStorage.setItem('refreshToken', refreshToken);
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const caught = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(caught).toBeInstanceOf(ApiError);
  return caught as ApiError;
}

describe('responses', () => {
  it('unwraps {success, data} and reads bare bodies as they are', async () => {
    const { client } = makeClient();
    server.use(
      http.get('/api/wrapped', () => HttpResponse.json({ success: true, data: { n: 1 } })),
      http.get('/api/bare', () => HttpResponse.json({ n: 2 })),
      http.get('/api/list', () => HttpResponse.json([1, 2])),
    );
    await expect(apiRequest({ url: '/api/wrapped' }, undefined, client)).resolves.toEqual({ n: 1 });
    await expect(apiRequest({ url: '/api/bare' }, undefined, client)).resolves.toEqual({ n: 2 });
    await expect(apiRequest({ url: '/api/list' }, undefined, client)).resolves.toEqual([1, 2]);
  });

  it('sends JSON and a Bearer header only when a token is stored', async () => {
    const { client } = makeClient();
    const seen: Array<{ auth: string | null; type: string | null }> = [];
    server.use(
      http.post('/api/echo', ({ request }) => {
        seen.push({
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
        });
        return HttpResponse.json({ success: true, data: null });
      }),
    );
    await apiRequest({ method: 'POST', url: '/api/echo', data: { a: 1 } }, undefined, client);
    localStorage.setItem('token', 'abc');
    await apiRequest({ method: 'POST', url: '/api/echo', data: { a: 1 } }, undefined, client);
    expect(seen[0]).toEqual({ auth: null, type: expect.stringContaining('application/json') });
    expect(seen[1]?.auth).toBe('Bearer abc');
  });

  it('has the spec §9 timeouts', () => {
    expect(apiClient.timeout).toBe(30_000);
    expect(createApiClient().timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(ANALYTICS_TIMEOUT_MS).toBe(180_000);
    expect(ANALYSIS_TIMEOUT_MS).toBe(300_000);
  });
});

describe('401 and refresh', () => {
  function protectedRoute(counter: { calls: number }) {
    return http.get('/api/protected', ({ request }) => {
      counter.calls += 1;
      return request.headers.get('authorization') === 'Bearer new-token'
        ? HttpResponse.json({ success: true, data: 'secret' })
        : HttpResponse.json(
            { success: false, error: { message: 'Token expired', code: 'TOKEN_EXPIRED' } },
            { status: 401 },
          );
    });
  }

  function refreshRoute(counter: { calls: number; bodies: unknown[] }, wait = 0) {
    return http.post('/api/auth/refresh', async ({ request }) => {
      counter.calls += 1;
      counter.bodies.push(await request.json());
      if (wait) await delay(wait);
      return HttpResponse.json({
        success: true,
        data: { token: 'new-token', refreshToken: 'refresh-2' },
      });
    });
  }

  it('refreshes once with the stored refresh token, stores both tokens and repeats', async () => {
    const { client, onSessionExpired } = makeClient();
    signIn();
    const route = { calls: 0 };
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(protectedRoute(route), refreshRoute(refresh));

    await expect(apiRequest({ url: '/api/protected' }, undefined, client)).resolves.toBe('secret');
    expect(refresh.calls).toBe(1);
    expect(refresh.bodies[0]).toEqual({ refreshToken: 'refresh-1' });
    expect(route.calls).toBe(2);
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('lets concurrent 401s share one refresh', async () => {
    const { client } = makeClient();
    signIn();
    const route = { calls: 0 };
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(protectedRoute(route), refreshRoute(refresh, 30));

    const answers = await Promise.all(
      [1, 2, 3].map(() => apiRequest({ url: '/api/protected' }, undefined, client)),
    );
    expect(answers).toEqual(['secret', 'secret', 'secret']);
    expect(refresh.calls).toBe(1);
    expect(route.calls).toBe(6);
  });

  it('on a failed refresh clears both tokens and goes to /login', async () => {
    const { client, onSessionExpired } = makeClient();
    signIn();
    const route = { calls: 0 };
    let refreshCalls = 0;
    server.use(
      protectedRoute(route),
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return HttpResponse.json(
          {
            success: false,
            error: { message: 'Refresh token reused', code: 'REFRESH_TOKEN_REUSED' },
          },
          { status: 401 },
        );
      }),
    );

    const error = await failure(apiRequest({ url: '/api/protected' }, undefined, client));
    expect(error.status).toBe(401);
    expect(refreshCalls).toBe(1); // the refresh's own 401 does not trigger another refresh
    expect(route.calls).toBe(1);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh without a stored refresh token, and expires the session', async () => {
    const { client, onSessionExpired } = makeClient();
    localStorage.setItem('token', 'old-token');
    let refreshCalls = 0;
    server.use(
      protectedRoute({ calls: 0 }),
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return HttpResponse.json({});
      }),
    );
    await failure(apiRequest({ url: '/api/protected' }, undefined, client));
    expect(refreshCalls).toBe(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('repeats at most once when the new token is refused too', async () => {
    const { client } = makeClient();
    signIn();
    let routeCalls = 0;
    const refresh = { calls: 0, bodies: [] as unknown[] };
    server.use(
      http.get('/api/protected', () => {
        routeCalls += 1;
        return HttpResponse.json(
          { success: false, error: { message: 'no', code: 'X' } },
          { status: 401 },
        );
      }),
      refreshRoute(refresh),
    );
    await failure(apiRequest({ url: '/api/protected' }, undefined, client));
    expect(refresh.calls).toBe(1);
    expect(routeCalls).toBe(2);
  });

  it('by default sends a dead session to /login with the current page as next', async () => {
    const visited: string[] = [];
    const restore = setNavigator((path) => visited.push(path));
    window.history.pushState({}, '', '/projects/p-1?tab=readme');
    try {
      const client = createApiClient({ retryDelay: () => 0 });
      signIn();
      server.use(
        protectedRoute({ calls: 0 }),
        http.post('/api/auth/refresh', () =>
          HttpResponse.json(
            { success: false, error: { message: 'Refresh token reused' } },
            { status: 401 },
          ),
        ),
      );
      await failure(apiRequest({ url: '/api/protected' }, undefined, client));
      expect(visited).toEqual(['/login?next=%2Fprojects%2Fp-1%3Ftab%3Dreadme']);
    } finally {
      restore();
      window.history.pushState({}, '', '/');
    }
  });

  it('never refreshes for a 401 from login or register', async () => {
    const { client } = makeClient();
    signIn();
    let refreshCalls = 0;
    const invalid = () =>
      HttpResponse.json(
        {
          success: false,
          error: { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
        },
        { status: 401 },
      );
    server.use(
      http.post('/api/auth/login', invalid),
      http.post('/api/auth/register', invalid),
      http.post('/api/auth/refresh', () => {
        refreshCalls += 1;
        return HttpResponse.json({ token: 'x' });
      }),
    );
    const login = await failure(
      apiRequest({ method: 'POST', url: '/api/auth/login', data: {} }, undefined, client),
    );
    await failure(
      apiRequest({ method: 'POST', url: '/api/auth/register', data: {} }, undefined, client),
    );
    expect(login.message).toBe('Invalid email or password');
    expect(login.code).toBe('INVALID_CREDENTIALS');
    expect(refreshCalls).toBe(0);
    expect(localStorage.getItem('token')).toBe('old-token');
  });
});

describe('timeouts, cancelling and query strings', () => {
  it('gives up after the timeout with the network message', async () => {
    const { client } = makeClient();
    let calls = 0;
    server.use(
      http.get('/api/slow', async () => {
        calls += 1;
        await delay(500);
        return HttpResponse.json({ success: true, data: 'late' });
      }),
    );
    const error = await failure(apiRequest({ url: '/api/slow', timeout: 50 }, undefined, client));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBeNull();
    expect(calls).toBe(1);
  });

  it("stops when the caller's AbortSignal fires", async () => {
    const { client } = makeClient();
    let calls = 0;
    server.use(
      http.get('/api/wait', async () => {
        calls += 1;
        await delay(500);
        return HttpResponse.json({ success: true, data: 'late' });
      }),
    );
    const controller = new AbortController();
    const pending = failure(
      apiRequest({ url: '/api/wait', signal: controller.signal }, undefined, client),
    );
    setTimeout(() => controller.abort(), 20);
    expect((await pending).code).toBe('NETWORK_ERROR');
    expect(calls).toBe(1);
  });

  it('writes params into the query string, leaving undefined ones out', async () => {
    const { client } = makeClient();
    const seen: string[] = [];
    server.use(
      http.get('/api/list', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json([]);
      }),
    );
    await apiRequest(
      { url: '/api/list', params: { page: 2, search: 'a b', status: undefined } },
      undefined,
      client,
    );
    expect(seen).toEqual(['?page=2&search=a+b']);
  });

  it('sends no body and no Content-Type when there is no data', async () => {
    const { client } = makeClient();
    const seen: Array<{ type: string | null; body: string }> = [];
    server.use(
      http.post('/api/act', async ({ request }) => {
        seen.push({ type: request.headers.get('content-type'), body: await request.text() });
        return HttpResponse.json({ success: true, data: null });
      }),
    );
    await apiRequest({ method: 'POST', url: '/api/act' }, undefined, client);
    expect(seen).toEqual([{ type: null, body: '' }]);
  });
});

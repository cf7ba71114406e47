import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { emitSessionEvent, onSessionEvent, type SessionEvent } from '../../lib/session';
import { alice, authAnswer, errorAnswer, storeSession } from '../../test/auth-fixtures';
import { server } from '../../test/server';
import { useAuthStore } from './auth-store';

const credentials = { email: 'alice@example.com', password: 'secret123' };
const reset = () =>
  useAuthStore.setState({
    isAuthenticated: false,
    user: null,
    token: null,
    loading: false,
    error: null,
  });

beforeEach(reset);

describe('auth store (spec §4)', () => {
  it('stores token, refresh token and user on login', async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json(authAnswer())));
    const result = await useAuthStore.getState().login(credentials);

    expect(result.ok).toBe(true);
    const state = useAuthStore.getState();
    expect(state).toMatchObject({
      isAuthenticated: true,
      token: 'access-1',
      loading: false,
      error: null,
    });
    expect(state.user?.email).toBe(alice.email);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ email: alice.email });
  });

  it('clears everything and keeps the server message when login fails', async () => {
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice });
    server.use(
      http.post('/api/auth/login', () =>
        errorAnswer(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
      ),
    );
    const result = await useAuthStore.getState().login(credentials);

    expect(result.ok).toBe(false);
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      token: null,
      loading: false,
      error: 'Invalid email or password',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it("falls back to 'Login failed' when the server says nothing useful", async () => {
    server.use(http.post('/api/auth/login', () => HttpResponse.json({}, { status: 400 })));
    await useAuthStore.getState().login(credentials);
    expect(useAuthStore.getState().error).toBe('Login failed');
  });

  it("falls back to 'Login failed' when the answer lacks a token", async () => {
    server.use(
      http.post('/api/auth/login', () =>
        HttpResponse.json({ success: true, data: { user: alice } }),
      ),
    );
    await useAuthStore.getState().login(credentials);
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      error: 'Login failed',
    });
  });

  it("falls back to 'Registration failed' and keeps a server message otherwise", async () => {
    server.use(http.post('/api/auth/register', () => HttpResponse.json({}, { status: 400 })));
    await useAuthStore.getState().register({ name: 'Al', email: 'a@b.co', password: 'Secret123' });
    expect(useAuthStore.getState().error).toBe('Registration failed');

    server.use(
      http.post('/api/auth/register', () =>
        errorAnswer(409, 'EMAIL_TAKEN', 'An account with this email already exists'),
      ),
    );
    await useAuthStore.getState().register({ name: 'Al', email: 'a@b.co', password: 'Secret123' });
    expect(useAuthStore.getState().error).toBe('An account with this email already exists');
  });

  it('logout sends the refresh token, clears all storage, even when the call fails', async () => {
    storeSession();
    localStorage.setItem('theme', 'dark');
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice });
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/logout', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await useAuthStore.getState().logout();

    expect(bodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(localStorage.length).toBe(0);
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      user: null,
      token: null,
    });
  });

  it('verify refreshes the user from the server', async () => {
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: null });
    server.use(
      http.get('/api/auth/verify', () =>
        HttpResponse.json({ success: true, data: { user: { ...alice, name: 'Alice V.' } } }),
      ),
    );
    await expect(useAuthStore.getState().verify()).resolves.toBe(true);
    expect(useAuthStore.getState().user?.name).toBe('Alice V.');
  });

  it("a failed verify clears token and user with 'Invalid token'", async () => {
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice });
    server.use(
      http.get('/api/auth/verify', () => errorAnswer(401, 'TOKEN_INVALID', 'Invalid token')),
      http.post('/api/auth/refresh', () =>
        errorAnswer(401, 'REFRESH_TOKEN_INVALID', 'Invalid refresh token'),
      ),
    );
    await expect(useAuthStore.getState().verify()).resolves.toBe(false);

    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      user: null,
      error: 'Invalid token',
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('follows the API client when it refreshes or expires the session', () => {
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice });
    emitSessionEvent({ type: 'refreshed', token: 'access-2' });
    expect(useAuthStore.getState().token).toBe('access-2');
    emitSessionEvent({ type: 'expired' });
    expect(useAuthStore.getState()).toMatchObject({
      isAuthenticated: false,
      token: null,
      user: null,
    });
  });

  it('tells the app when someone signed in (their saved preferences then follow), not when it failed', async () => {
    const heard: SessionEvent[] = [];
    const stop = onSessionEvent((event) => heard.push(event));
    try {
      server.use(
        http.post('/api/auth/login', () => HttpResponse.json(authAnswer())),
        http.post('/api/auth/register', () =>
          errorAnswer(409, 'EMAIL_TAKEN', 'An account with this email already exists'),
        ),
      );
      await useAuthStore.getState().register({ ...credentials, name: 'Alice' });
      expect(heard).toEqual([]);
      await useAuthStore.getState().login(credentials);
      expect(heard).toEqual([{ type: 'signed-in' }]);
      // Signing in is no reason to drop the session the store holds.
      expect(useAuthStore.getState().isAuthenticated).toBe(true);
    } finally {
      stop();
    }
  });

  it('takes a changed user (a saved profile) into state and storage', () => {
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice });
    useAuthStore.getState().updateUser({ ...alice, name: 'Alice Smith' });
    expect(useAuthStore.getState().user?.name).toBe('Alice Smith');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ name: 'Alice Smith' });
  });
});

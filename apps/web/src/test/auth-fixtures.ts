import { http, HttpResponse } from 'msw';

export const alice = { id: 'u-1', name: 'Alice Doe', email: 'alice@example.com', avatar: null };

export const authAnswer = (user = alice) => ({
  success: true,
  data: { token: 'access-1', refreshToken: 'refresh-1', user },
});

export const errorAnswer = (status: number, code: string, message: string, errors?: unknown[]) =>
  HttpResponse.json(
    { success: false, error: { code, message, ...(errors ? { errors } : {}) } },
    { status },
  );

/** A signed-in browser as the app leaves it after login. */
export function storeSession(user = alice) {
  localStorage.setItem('token', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(user));
}

export const projectsAnswer = (projects: unknown[] = []) =>
  http.get('/api/projects', () => HttpResponse.json({ success: true, data: projects }));

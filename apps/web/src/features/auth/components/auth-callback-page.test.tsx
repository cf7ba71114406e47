import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { OAuthCallbackErrors } from '@rota/contracts';
import { i18n } from '../../../lib/i18n';
import { alice, errorAnswer } from '../../../test/auth-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { useAuthStore } from '../auth-store';
import { AuthCallbackPage } from './auth-callback-page';
import { emptyDashboardAnswer } from '../../../test/analytics-fixtures';

function WhereAmI() {
  const { pathname, search, hash } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}${hash}`}</p>;
}

const pages = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '*', element: <WhereAmI /> },
];

let verifiedWith: string | null = null;
beforeEach(() => {
  localStorage.clear();
  verifiedWith = null;
  useAuthStore.setState({ isAuthenticated: false, user: null, token: null, error: null });
  server.use(
    emptyDashboardAnswer(),
    http.get('/api/auth/verify', ({ request }) => {
      verifiedWith = request.headers.get('authorization');
      return HttpResponse.json({ success: true, data: { user: alice } });
    }),
  );
});

describe('/auth/callback', () => {
  it('stores the tokens, verifies them and goes to the dashboard', async () => {
    const { router } = renderRoutes(
      pages,
      '/auth/callback#token=gh-access&refreshToken=gh-refresh',
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/dashboard$/);
    expect(verifiedWith).toBe('Bearer gh-access');
    expect(localStorage.getItem('token')).toBe('gh-access');
    expect(localStorage.getItem('refreshToken')).toBe('gh-refresh');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: alice });
    // The tokens left no trace in the history: the callback entry was replaced without them.
    expect(router.state.location.hash).toBe('');
  });

  it('returns to the page the visitor asked for, but only on this site', async () => {
    renderRoutes(pages, '/auth/callback#token=a&refreshToken=r&next=%2Fprojects%2Fp-7%3Ftab%3D2');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/projects/p-7?tab=2');
  });

  it('ignores a return path to another site', async () => {
    renderRoutes(pages, '/auth/callback#token=a&refreshToken=r&next=%2F%2Fevil.example');
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/dashboard$/);
  });

  it('explains a token the server does not accept, with a way back to the login page', async () => {
    server.use(
      http.get('/api/auth/verify', () => errorAnswer(401, 'TOKEN_INVALID', 'Invalid token')),
      // The API client tries the refresh token once before giving up; it is no better.
      http.post('/api/auth/refresh', () =>
        errorAnswer(401, 'REFRESH_TOKEN_INVALID', 'Invalid or expired refresh token'),
      ),
    );
    renderRoutes(pages, '/auth/callback#token=bad&refreshToken=r');
    expect(await screen.findByTestId('callback-error')).toHaveTextContent(
      'Giriş sunucuda doğrulanamadı.',
    );
    expect(screen.getByRole('link', { name: 'Giriş sayfasına dön' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each(OAuthCallbackErrors)('translates the error %s in both languages', async (code) => {
    renderRoutes(pages, `/auth/callback#error=${code}`);
    const alert = await screen.findByTestId('callback-error');
    expect(alert.textContent).toBe(i18n.getFixedT('tr')(`auth.callback.errors.${code}`));
    expect(i18n.getFixedT('en')(`auth.callback.errors.${code}`)).not.toMatch(/auth\.callback/);
    expect(alert.textContent).not.toMatch(/auth\.callback/);
    expect(verifiedWith).toBeNull();
  });

  it('says sign-in did not complete when the page is opened without a hand-over', async () => {
    renderRoutes(pages, '/auth/callback');
    expect(await screen.findByTestId('callback-error')).toHaveTextContent(
      'GitHub ile giriş tamamlanamadı.',
    );
    await waitFor(() => expect(verifiedWith).toBeNull());
  });
});

import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../features/auth';
import { alice, projectsAnswer, storeSession } from '../test/auth-fixtures';
import { providersAnswer } from '../test/auth-handlers';
import { projectAnswer, projectFixture } from '../test/project-fixtures';
import { renderRoutes } from '../test/render';
import { server } from '../test/server';
import { routes } from './routes';
import { emptyDashboardAnswer } from '../test/analytics-fixtures';

function signedIn() {
  storeSession();
  useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice, error: null });
}

beforeEach(() => {
  useAuthStore.setState({ isAuthenticated: false, token: null, user: null, error: null });
  server.use(providersAnswer(false), emptyDashboardAnswer());
});

const pathOf = (router: { state: { location: { pathname: string } } }) =>
  router.state.location.pathname;

describe('routes (spec §2)', () => {
  it.each(['/dashboard', '/projects', '/settings', '/notifications', '/', '/analyze-full/p-1'])(
    'sends %s to /login without a stored token',
    async (path) => {
      const { router } = renderRoutes(routes, path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Giriş Yap' }),
      ).toBeInTheDocument();
      expect(pathOf(router)).toBe('/login');
    },
  );

  it('keeps a deep link in the login URL, so signing in can return to it', async () => {
    const { router } = renderRoutes(routes, '/projects/p-7?tab=readme');
    expect(await screen.findByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/projects/p-7?tab=readme',
    );
  });

  it('sends a signed-in visitor of /login?next= on to that page', async () => {
    signedIn();
    server.use(projectsAnswer([]));
    const { router } = renderRoutes(routes, '/login?next=%2Fprojects');
    await waitFor(() => expect(pathOf(router)).toBe('/projects'));
  });

  it('sends an unknown path to /dashboard', async () => {
    signedIn();
    server.use(projectsAnswer([]));
    const { router } = renderRoutes(routes, '/no/such/page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Merhaba, Alice Doe' }),
    ).toBeInTheDocument();
    expect(pathOf(router)).toBe('/dashboard');
  });

  it('sends the index to /dashboard', async () => {
    signedIn();
    server.use(projectsAnswer([]));
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'));
  });

  it('keeps signed-in users away from the login form', async () => {
    signedIn();
    server.use(projectsAnswer([]));
    const { router } = renderRoutes(routes, '/login');
    await waitFor(() => expect(pathOf(router)).toBe('/dashboard'));
  });

  it('serves /register without a token', async () => {
    renderRoutes(routes, '/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hesap Oluştur' }),
    ).toBeInTheDocument();
  });

  it('shows /auth/callback without a token', async () => {
    renderRoutes(routes, '/auth/callback#error=access_denied');
    expect(await screen.findByRole('alert')).toHaveTextContent('GitHub ile giriş iptal edildi');
  });

  it('shows /analyze-full/:id outside the shell, named after the project, empty without repositories', async () => {
    signedIn();
    server.use(projectAnswer(projectFixture({ id: 'p-1', name: 'Payments', repos: [] })));
    renderRoutes(routes, '/analyze-full/p-1');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tam analiz' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('analysis-project')).toHaveTextContent('Payments'),
    );
    expect(await screen.findByText('Henüz analiz yok')).toBeInTheDocument();
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('says so in words on /analyze-full/:id when the project does not exist, with a way back', async () => {
    signedIn();
    server.use(projectAnswer());
    renderRoutes(routes, '/analyze-full/p-404');
    expect(await screen.findByRole('heading', { name: 'Proje bulunamadı' })).toBeInTheDocument();
    // The id the address carried is not a name: it is not printed.
    expect(screen.queryByTestId('analysis-project')).toBeNull();
    expect(document.body).not.toHaveTextContent('p-404');
    expect(screen.getByRole('link', { name: 'Projelere git' })).toHaveAttribute(
      'href',
      '/projects',
    );
  });

  it('shows /projects/:id inside the shell, loaded lazily', async () => {
    signedIn();
    server.use(projectAnswer(projectFixture({ id: 'p-7', name: 'Observatory' })));
    renderRoutes(routes, '/projects/p-7');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Observatory' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('user-menu')).toBeInTheDocument();
  });

  it('shows /notifications inside the shell, with the bell, the project filter and its title', async () => {
    signedIn();
    server.use(projectsAnswer([projectFixture({ id: 'p-7', name: 'Observatory' })]));
    renderRoutes(routes, '/notifications');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bildirimler' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName('Bildirimler');
    expect(await screen.findByRole('option', { name: 'Observatory' })).toBeInTheDocument();
    expect(await screen.findByText('Henüz bildirim yok')).toBeInTheDocument();
    expect(document.title).toBe('Bildirimler · Rota');
  });
});

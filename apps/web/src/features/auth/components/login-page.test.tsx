import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authAnswer, errorAnswer } from '../../../test/auth-fixtures';
import { providersAnswer } from '../../../test/auth-handlers';
import { renderPage, renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { useUiStore } from '../../../lib/ui-store';
import { useAuthStore } from '../auth-store';
import { LoginPage } from './login-page';

beforeEach(() => {
  useUiStore.setState({ notifications: [] });
  useAuthStore.setState({ isAuthenticated: false, user: null, token: null, error: null });
  server.use(providersAnswer(false));
});

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));

describe('login page', () => {
  it('shows the layout: logo, Turkish tagline, heading and a link to register', async () => {
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeInTheDocument();
    expect(
      screen.getByText('Yazılım Liderleri için Stratejik Yönetim Platformu'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kayıt olun' })).toHaveAttribute('href', '/register');
  });

  it('can be switched to English before signing in, and the choice is stored', async () => {
    renderPage(<LoginPage />, '/login');
    const languages = screen.getByRole('group', { name: 'Dil' });
    await userEvent.click(within(languages).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('en');
    expect(screen.getByRole('group', { name: 'Theme' })).toBeInTheDocument();
  });

  it('shows each spec §5 message on its field, in Turkish', async () => {
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Şifre'), '12345');
    await submit();
    // The form's validation loads on first use (the login page's budget), so its answer is awaited.
    await waitFor(() =>
      expect(screen.getByLabelText('E-posta')).toHaveAccessibleDescription(
        'Geçersiz e-posta adresi',
      ),
    );
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription(
      'Şifre en az 6 karakter olmalıdır',
    );
    expect(screen.getByLabelText('E-posta')).toHaveAttribute('aria-invalid', 'true');
  });

  it('focuses the first wrong field, then re-checks a field as it is edited', async () => {
    renderPage(<LoginPage />, '/login');
    const email = screen.getByLabelText('E-posta');
    await userEvent.type(email, 'not-an-email');
    // Nothing is said while typing before the first submit.
    expect(email).not.toHaveAttribute('aria-invalid');
    await submit();
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveFocus();
    await userEvent.clear(email);
    await userEvent.type(email, 'alice@example.com');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    // The password, not edited, keeps its message.
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription(
      'Şifre en az 6 karakter olmalıdır',
    );
  });

  it('signs in, stores the session and goes to the dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/login', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(authAnswer());
      }),
    );
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), '  Alice@Example.com ');
    await userEvent.type(screen.getByLabelText('Şifre'), 'secret123');
    await submit();

    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'alice@example.com', password: 'secret123' }]);
    expect(localStorage.getItem('token')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
  });

  it('shows wrong credentials once, above the form, translated, and raises no toast', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        errorAnswer(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
      ),
    );
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Şifre'), 'wrong-password');
    await submit();

    const alert = await screen.findByTestId('form-error');
    expect(alert).toHaveTextContent('E-posta veya şifre hatalı');
    // The store is where every toast starts; nothing went there.
    expect(useUiStore.getState().notifications).toEqual([]);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows server trouble the form cannot fix as one toast, not above the form', async () => {
    // A 200 the client cannot read: the server misbehaved, nothing the user typed is wrong.
    server.use(http.post('/api/auth/login', () => HttpResponse.json({ success: true })));
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Şifre'), 'secret123');
    await submit();

    await waitFor(() => expect(document.querySelectorAll('[data-sonner-toast]')).toHaveLength(1));
    expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent('Bir hata oluştu');
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('disables submit while the request is in flight', async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.post('/api/auth/login', async () => {
        arrived();
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(authAnswer());
      }),
    );
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Şifre'), 'secret123');
    await submit();
    await requested;
    expect(screen.getByRole('button', { name: 'Giriş Yap' })).toBeDisabled();
    release();
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
  });

  it('explains why GitHub sign-in is unavailable', async () => {
    renderPage(<LoginPage />, '/login');
    const button = screen.getByTestId('github-signin');
    expect(button).toBeDisabled();
    await waitFor(() =>
      expect(button).toHaveAccessibleDescription(
        expect.stringContaining('sunucuda henüz bir GitHub uygulaması yapılandırılmadı'),
      ),
    );
  });

  it('navigates the browser to the GitHub sign-in when it is enabled', async () => {
    server.use(providersAnswer(true));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderPage(<LoginPage />, '/login');
    const button = screen.getByTestId('github-signin');
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(assign).toHaveBeenCalledWith('/api/oauth/github');
  });

  it('carries the page asked for through GitHub sign-in', async () => {
    server.use(providersAnswer(true));
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login?next=%2Fprojects%2Fp-7');
    const button = screen.getByTestId('github-signin');
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(assign).toHaveBeenCalledWith('/api/oauth/github?next=%2Fprojects%2Fp-7');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authAnswer, errorAnswer } from '../../../test/auth-fixtures';
import { providersAnswer } from '../../../test/auth-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { useAuthStore } from '../auth-store';
import { LoginPage } from './login-page';

beforeEach(() => {
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

  it('shows each SPEC §5 message on its field, in Turkish', async () => {
    renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Şifre'), '12345');
    await submit();
    expect(await screen.findByLabelText('E-posta')).toHaveAccessibleDescription(
      'Geçersiz e-posta adresi',
    );
    expect(screen.getByLabelText('Şifre')).toHaveAccessibleDescription(
      'Şifre en az 6 karakter olmalıdır',
    );
    expect(screen.getByLabelText('E-posta')).toHaveAttribute('aria-invalid', 'true');
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

  it('shows wrong credentials inline and as a toast, translated', async () => {
    server.use(
      http.post('/api/auth/login', () =>
        errorAnswer(401, 'INVALID_CREDENTIALS', 'Invalid email or password'),
      ),
    );
    const { container } = renderPage(<LoginPage />, '/login');
    await userEvent.type(screen.getByLabelText('E-posta'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Şifre'), 'wrong-password');
    await submit();

    const alert = await screen.findByTestId('form-error');
    expect(alert).toHaveTextContent('E-posta veya şifre hatalı');
    await waitFor(() => {
      const toast = container.ownerDocument.querySelector('[data-sonner-toast]');
      expect(toast).not.toBeNull();
      expect(
        within(toast as HTMLElement).getByText('E-posta veya şifre hatalı'),
      ).toBeInTheDocument();
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Giriş Yap' })).toBeInTheDocument();
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
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { authAnswer, errorAnswer } from '../../../test/auth-fixtures';
import { providersAnswer } from '../../../test/auth-handlers';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { useUiStore } from '../../../lib/ui-store';
import { useAuthStore } from '../auth-store';
import { RegisterPage } from './register-page';

beforeEach(() => {
  useUiStore.setState({ notifications: [] });
  useAuthStore.setState({ isAuthenticated: false, user: null, token: null, error: null });
  server.use(providersAnswer(false));
});

const field = (label: string) => screen.getByLabelText(label);

async function fill(values: Partial<Record<'name' | 'email' | 'password' | 'confirm', string>>) {
  const all = { name: 'Alice', email: 'alice@example.com', password: 'Secret123', ...values };
  const confirm = values.confirm ?? all.password;
  if (all.name) await userEvent.type(field('Ad Soyad'), all.name);
  if (all.email) await userEvent.type(field('E-posta'), all.email);
  if (all.password) await userEvent.type(field('Şifre'), all.password);
  if (confirm) await userEvent.type(field('Şifre (tekrar)'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
}

async function expectFieldError(label: string, message: string) {
  await waitFor(() =>
    expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message)),
  );
}

describe('register page', () => {
  it('links back to login', () => {
    renderPage(<RegisterPage />, '/register');
    expect(screen.getByRole('heading', { level: 1, name: 'Hesap Oluştur' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Giriş yapın' })).toHaveAttribute('href', '/login');
  });

  it('shows the name, e-mail and password-length messages on their fields', async () => {
    renderPage(<RegisterPage />, '/register');
    await fill({ name: 'A', email: 'nope', password: 'Ab1' });
    await expectFieldError('Ad Soyad', 'Ad en az 2 karakter olmalıdır');
    await expectFieldError('E-posta', 'Geçersiz e-posta adresi');
    await expectFieldError('Şifre', 'Şifre en az 8 karakter olmalıdır');
  });

  it.each([
    ['abcdefgh1', 'Şifre en az bir büyük harf içermelidir'],
    ['ABCDEFGH1', 'Şifre en az bir küçük harf içermelidir'],
    ['Abcdefghi', 'Şifre en az bir rakam içermelidir'],
  ])('rejects the password %s with "%s"', async (password, message) => {
    renderPage(<RegisterPage />, '/register');
    await fill({ password });
    await expectFieldError('Şifre', message);
  });

  it('shows a confirmation mismatch on confirmPassword', async () => {
    renderPage(<RegisterPage />, '/register');
    await fill({ password: 'Secret123', confirm: 'Secret124' });
    await expectFieldError('Şifre (tekrar)', 'Şifreler eşleşmiyor');
    expect(field('Şifre')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the messages in English when English is chosen', async () => {
    await i18n.changeLanguage('en');
    renderPage(<RegisterPage />, '/register');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
        expect.stringContaining('Password must be at least 8 characters'),
      ),
    );
  });

  it('sends name, e-mail and password only, then goes to the dashboard', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/register', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(authAnswer(), { status: 201 });
      }),
    );
    renderPage(<RegisterPage />, '/register');
    await fill({});
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(bodies).toEqual([{ name: 'Alice', email: 'alice@example.com', password: 'Secret123' }]);
    expect(bodies[0]).not.toHaveProperty('confirmPassword');
  });

  it('shows a taken e-mail (409) once, above the form, with no toast', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        errorAnswer(409, 'EMAIL_TAKEN', 'An account with this email already exists'),
      ),
    );
    renderPage(<RegisterPage />, '/register');
    await fill({});
    const text = 'Bu e-posta adresiyle kayıtlı bir hesap zaten var';
    expect(await screen.findByTestId('form-error')).toHaveTextContent(text);
    expect(useUiStore.getState().notifications).toEqual([]);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('shows an unreachable server as one toast, not above the form', async () => {
    server.use(http.post('/api/auth/register', () => HttpResponse.error()));
    renderPage(<RegisterPage />, '/register');
    await fill({});
    // The client retries a network failure a few times (spec §9) before giving up.
    await waitFor(
      () =>
        expect(document.querySelector('[data-sonner-toast]')).toHaveTextContent(
          'Ağ hatası. Lütfen bağlantınızı kontrol edin.',
        ),
      { timeout: 15_000 },
    );
    expect(useUiStore.getState().notifications).toHaveLength(1);
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('puts server field errors on their fields', async () => {
    server.use(
      http.post('/api/auth/register', () =>
        errorAnswer(400, 'VALIDATION_ERROR', 'Validation failed', [
          { path: 'body.email', message: 'Invalid email address' },
        ]),
      ),
    );
    renderPage(<RegisterPage />, '/register');
    await fill({});
    await expectFieldError('E-posta', 'Geçersiz e-posta adresi');
    expect(screen.queryByTestId('form-error')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router-dom';
import { authAnswer } from '../../../test/auth-fixtures';
import { providersAnswer } from '../../../test/auth-handlers';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { useAuthStore } from '../auth-store';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { emptyDashboardAnswer } from '../../../test/analytics-fixtures';

beforeEach(() => {
  useAuthStore.setState({ isAuthenticated: false, user: null, token: null, error: null });
  server.use(
    providersAnswer(false),
    emptyDashboardAnswer(),
    http.post('/api/auth/login', () => HttpResponse.json(authAnswer())),
    http.post('/api/auth/register', () => HttpResponse.json(authAnswer(), { status: 201 })),
  );
});

function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{`${pathname}${search}`}</p>;
}

const pages = [
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '*', element: <WhereAmI /> },
];

async function signIn() {
  await userEvent.type(screen.getByLabelText('E-posta'), 'alice@example.com');
  await userEvent.type(screen.getByLabelText('Şifre'), 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
}

describe('after signing in', () => {
  it('lands on the page asked for, with its query', async () => {
    renderRoutes(pages, '/login?next=%2Fprojects%2Fp-7%3Ftab%3Dreadme');
    await signIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/projects/p-7?tab=readme');
  });

  it.each([
    ['another host', '%2F%2Fevil.com'],
    ['a backslash host', '%2F%5Cevil.com'],
    ['an absolute URL', 'https%3A%2F%2Fevil.com%2F'],
    ['a script URL', 'javascript%3Aalert(1)'],
  ])('goes to the dashboard instead of %s', async (_label, next) => {
    renderRoutes(pages, `/login?next=${next}`);
    await signIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/dashboard$/);
  });

  it('keeps the destination when the visitor switches to registering, and lands there', async () => {
    renderRoutes(pages, '/login?next=%2Fprojects%2Fp-7%3Ftab%3Dreadme');
    await userEvent.click(screen.getByRole('link', { name: 'Kayıt olun' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Hesap Oluştur' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Giriş yapın' })).toHaveAttribute(
      'href',
      '/login?next=%2Fprojects%2Fp-7%3Ftab%3Dreadme',
    );

    await userEvent.type(screen.getByLabelText('Ad Soyad'), 'Alice');
    await userEvent.type(screen.getByLabelText('E-posta'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Şifre'), 'Secret123');
    await userEvent.type(screen.getByLabelText('Şifre (tekrar)'), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: 'Kayıt Ol' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/projects/p-7?tab=readme');
  });

  it('links to register without a destination when none was asked for', () => {
    renderRoutes(pages, '/login');
    expect(screen.getByRole('link', { name: 'Kayıt olun' })).toHaveAttribute('href', '/register');
  });
});

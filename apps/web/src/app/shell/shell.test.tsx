import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../features/auth';
import { useUiStore } from '../../lib/ui-store';
import { alice, projectsAnswer, storeSession } from '../../test/auth-fixtures';
import { providersAnswer } from '../../test/auth-handlers';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import { routes } from '../routes';
import { emptyDashboardAnswer } from '../../test/analytics-fixtures';

beforeEach(() => {
  storeSession({ ...alice, name: null as unknown as string });
  useAuthStore.setState({
    isAuthenticated: true,
    token: 'access-1',
    user: { ...alice, name: null },
    error: null,
  });
  server.use(projectsAnswer([]), providersAnswer(false), emptyDashboardAnswer());
});
afterEach(() => {
  useUiStore.getState().setTheme('system');
  document.documentElement.classList.remove('dark');
});

async function openMenu(testId: string) {
  await userEvent.click(await screen.findByTestId(testId));
  return screen.findByRole('menu');
}

describe('protected shell', () => {
  it('has header, main and footer landmarks, a home link and the footer credit', async () => {
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Rota tarafından geliştirildi');
    expect(screen.getByRole('link', { name: 'Rota ana sayfa' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('user menu shows the e-mail under "Giriş yapan" and the name from the e-mail', async () => {
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByTestId('user-menu')).toHaveTextContent('alice');
    const menu = await openMenu('user-menu');
    expect(menu).toHaveTextContent('Giriş yapan');
    expect(menu).toHaveTextContent('alice@example.com');
    expect(within(menu).getByRole('menuitem', { name: 'Ayarlar' })).toHaveAttribute(
      'href',
      '/settings',
    );
  });

  it('logout revokes the refresh token, clears all storage and goes to /login', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/auth/logout', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ success: true, data: { loggedOut: true } });
      }),
    );
    localStorage.setItem('theme', 'dark');
    const { router } = renderRoutes(routes, '/dashboard');
    await openMenu('user-menu');
    await userEvent.click(screen.getByTestId('logout'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(localStorage.length).toBe(0);
  });

  it('language menu offers tr and en, lists de/fr/es as coming soon, and remembers the choice', async () => {
    renderRoutes(routes, '/dashboard');
    const menu = await openMenu('language-menu');
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'Türkçe',
      'English',
      'DeutschYakında',
      'FrançaisYakında',
      'EspañolYakında',
    ]);
    expect(items[0]).toHaveAttribute('aria-checked', 'true');
    expect(items.slice(2).every((item) => item.hasAttribute('data-disabled'))).toBe(true);

    await userEvent.click(items[1] as HTMLElement);
    expect(await screen.findByRole('contentinfo')).toHaveTextContent('Developed by Rota');
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('theme menu switches to dark and persists it', async () => {
    renderRoutes(routes, '/dashboard');
    const menu = await openMenu('theme-menu');
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Koyu' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('menu button (phones): aria-expanded, focus to the first link, Escape back to the button, closes on navigation', async () => {
    const { router } = renderRoutes(routes, '/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Ana menü' });
    const button = within(nav).getByRole('button', { name: 'Menü' });
    const list = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(list).not.toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(list as HTMLElement).getByRole('link', { name: 'Pano' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();

    // Tab past the last link: focus leaves the menu, which closes.
    await userEvent.click(button);
    await userEvent.tab();
    expect(within(list as HTMLElement).getByRole('link', { name: 'Projeler' })).toHaveFocus();
    await userEvent.tab();
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    await userEvent.click(within(list as HTMLElement).getByRole('link', { name: 'Projeler' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

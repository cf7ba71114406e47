import { render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { preloadRoute } from './preload-route';
import { PublicOnly, RequireAuth } from './require-auth';

/** A route table shaped like the app's, whose chunks record that they were asked for. */
function table() {
  const asked: string[] = [];
  const page = (name: string) =>
    lazyPage(
      () => {
        asked.push(name);
        return Promise.resolve({ Page: () => null });
      },
      (module) => module.Page,
    );
  const Login = page('login');
  const Scope = page('scope');
  const Shell = page('shell');
  const Dashboard = page('dashboard');
  const Report = page('report');
  const routes: RouteObject[] = [
    { element: <PublicOnly />, children: [{ path: '/login', element: <Login /> }] },
    {
      element: <RequireAuth />,
      children: [
        {
          element: <Scope />,
          children: [
            { path: '/analyze-full/:id', element: <Report /> },
            { element: <Shell />, children: [{ path: '/dashboard', element: <Dashboard /> }] },
          ],
        },
      ],
    },
  ];
  return { routes, asked };
}

describe('preloadRoute (issue 10 §5: the page’s chunks at once, not in sequence)', () => {
  it('asks for the query scope, the shell and the page of a signed-in path together', () => {
    const { routes, asked } = table();
    preloadRoute(routes, '/dashboard', true);
    expect(asked).toEqual(['scope', 'shell', 'dashboard']);
  });

  it('asks for the report without the shell it lives outside of', () => {
    const { routes, asked } = table();
    preloadRoute(routes, '/analyze-full/p-1', true);
    expect(asked).toEqual(['scope', 'report']);
  });

  it('asks for nothing behind the sign-in guard without a session', () => {
    const { routes, asked } = table();
    preloadRoute(routes, '/dashboard', false);
    expect(asked).toEqual([]);
  });

  it('asks for the login page without a session, and not with one (it redirects)', () => {
    const signedOut = table();
    preloadRoute(signedOut.routes, '/login', false);
    expect(signedOut.asked).toEqual(['login']);
    const signedIn = table();
    preloadRoute(signedIn.routes, '/login', true);
    expect(signedIn.asked).toEqual([]);
  });

  it('asks for nothing on a path no route matches', () => {
    const { routes, asked } = table();
    preloadRoute(routes, '/no/such/page', true);
    expect(asked).toEqual([]);
  });

  it('keeps a failed early fetch quiet: the render’s own import reports it', async () => {
    const failing = lazyPage(
      () => Promise.reject(new Error('offline')),
      () => () => null,
    );
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    failing.preload();
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('settles once every chunk of the page has loaded', async () => {
    const { routes, asked } = table();
    await preloadRoute(routes, '/dashboard', true);
    expect(asked).toEqual(['scope', 'shell', 'dashboard']);
  });
});

describe('lazyPage', () => {
  const page = (text: string) =>
    lazyPage(
      () => Promise.resolve({ Page: () => <p>{text}</p> }),
      (module) => module.Page,
    );

  it('renders a page whose chunk has loaded in the first commit, with no spinner before it', async () => {
    const Ready = page('ready');
    await Ready.preload();
    render(<Ready />);
    expect(screen.getByText('ready')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the spinner while a chunk not loaded yet arrives', async () => {
    const Later = page('later');
    render(<Later />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByText('later')).toBeInTheDocument();
  });
});

import { render, screen } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, type PagePrefetch } from './lazy-page';
import { PREFETCH_WAIT_MS, preloadRoute } from './preload-route';
import { clearTokens, storeTokens } from '../lib/session';
import { adoptQueryClient, preparedQueryClient, releaseQueryClient } from './query-client';
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

describe('preloadRoute (the page’s chunks at once, not in sequence)', () => {
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

describe('preloadRoute then fetches the page’s data into the client its first render uses', () => {
  afterEach(() => {
    vi.useRealTimers();
    releaseQueryClient(preparedQueryClient());
  });

  /** A signed-in page at /projects/:id whose prefetch records its calls and answers when told. */
  function withPrefetch() {
    const calls: Array<{ client: QueryClient; id: string | undefined; tab: string | null }> = [];
    let answer = () => {};
    const Page = lazyPage(
      () =>
        Promise.resolve({
          Page: () => null,
          prefetch: ((client, params, search) => {
            calls.push({ client, id: params.id, tab: search.get('tab') });
            return new Promise<void>((resolve) => (answer = resolve));
          }) satisfies PagePrefetch,
        }),
      (module) => module.Page,
      (module) => module.prefetch,
    );
    const routes: RouteObject[] = [
      { element: <RequireAuth />, children: [{ path: '/projects/:id', element: <Page /> }] },
    ];
    return { routes, calls, answer: () => answer() };
  }

  it('with the route’s params and query, into the client the query scope adopts', async () => {
    const { routes, calls, answer } = withPrefetch();
    const done = preloadRoute(routes, '/projects/p-1', true, '?tab=readme');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ id: 'p-1', tab: 'readme' });
    expect(adoptQueryClient()).toBe(calls[0]!.client);
    answer();
    await done;
  });

  it('waits for a slow answer at most PREFETCH_WAIT_MS, then lets the page render', async () => {
    vi.useFakeTimers();
    const { routes, calls } = withPrefetch();
    let settled = false;
    void preloadRoute(routes, '/projects/p-1', true).then(() => (settled = true));
    // Microtasks only (the chunk and the client's module load): no fake time passes here.
    for (let turn = 0; turn < 50 && calls.length === 0; turn += 1) await Promise.resolve();
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PREFETCH_WAIT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('fetches nothing without a session', async () => {
    const { routes, calls } = withPrefetch();
    await preloadRoute(routes, '/projects/p-1', false);
    expect(calls).toEqual([]);
  });

  it('leaves a later scope (after signing out) a client of its own', () => {
    const prepared = preparedQueryClient();
    expect(adoptQueryClient()).toBe(prepared);
    releaseQueryClient(prepared);
    expect(adoptQueryClient()).not.toBe(prepared);
  });

  it('gives the client to no other session than the one it was made under', () => {
    storeTokens('access-1', 'refresh-1');
    const prepared = preparedQueryClient();
    expect(adoptQueryClient()).toBe(prepared);
    // The session ended before any scope adopted it, and someone else signed in.
    clearTokens();
    storeTokens('access-2', 'refresh-2');
    expect(adoptQueryClient()).not.toBe(prepared);
    clearTokens();
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

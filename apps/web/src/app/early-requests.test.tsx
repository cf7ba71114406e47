import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../features/auth';
import { resetProjectStores } from '../features/projects/components/projects-test-utils';
import { API_BASE_URL } from '../lib/api-config';
import { urlOf } from '../lib/api-transport';
import { discardEarlyAnswers, earlyAnswersWaiting, fetchEarly } from '../lib/early-answers';
import { emptyDashboardAnswer } from '../test/analytics-fixtures';
import { analysisAnswers } from '../test/analysis-fixtures';
import { alice, projectsAnswer, storeSession } from '../test/auth-fixtures';
import { projectAnswer, projectFixture } from '../test/project-fixtures';
import { server } from '../test/server';
import { settingsAnswers } from '../test/settings-fixtures';
import { App } from './app';
import { earlyRequestPaths } from './early-requests';
import { preloadRoute } from './preload-route';
import { routes } from './routes';

resetProjectStores();

afterEach(() => {
  discardEarlyAnswers();
  window.history.pushState({}, '', '/');
});

/** Every request the app sends, as path and query. */
function recordRequests() {
  const asked: string[] = [];
  const onStart = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
  };
  server.events.on('request:start', onStart);
  return { asked, stop: () => server.events.removeListener('request:start', onStart) };
}

/** A signed-in visitor at `address` whose early requests have gone out, as main.tsx sends them. */
function signedInAt(address: string) {
  storeSession();
  useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice, error: null });
  window.history.pushState({}, '', address);
  const early = earlyRequestPaths(window.location.pathname, window.location.search);
  fetchEarly(
    early.map((path) => urlOf(API_BASE_URL, path)),
    'access-1',
  );
  return early;
}

/** The early requests, then the app itself at that address (without fetching its data first). */
function startAt(address: string) {
  const early = signedInAt(address);
  render(<App />);
  return early;
}

/** Every answer the signed-in pages ask for on their first render. */
function answerEveryPage() {
  server.use(
    http.get('/api/auth/verify', () => HttpResponse.json({ success: true, data: { user: alice } })),
    projectsAnswer([]),
    emptyDashboardAnswer(),
    projectAnswer(projectFixture()),
    ...analysisAnswers(),
    ...settingsAnswers().handlers,
  );
}

describe('early requests: a page takes every answer asked for before it rendered', () => {
  it.each([
    '/dashboard',
    '/projects',
    '/projects?q=pay&status=active',
    '/projects/p-1',
    '/projects/p-1?tab=readme',
    '/analyze-full/p-1',
    '/settings',
  ])('%s asks for nothing a second time', async (address) => {
    answerEveryPage();
    const requests = recordRequests();
    const early = startAt(address);
    // The page (and the session check after the first paint) took every early answer...
    await waitFor(() => expect(earlyAnswersWaiting()).toBe(0), { timeout: 5_000 });
    requests.stop();
    // ...so each went out once: had the page asked for a different URL, or not taken an
    // answer, the table would be wrong and this would fail (waiting, or counting two).
    for (const path of early)
      expect(requests.asked.filter((asked) => asked === path)).toEqual([path]);
    expect(early).toContain('/api/auth/verify');
  });

  it('asks a signed-in page that is not in the table for the session check only', () => {
    expect(earlyRequestPaths('/no-such-page', '')).toEqual(['/api/auth/verify']);
  });

  it('leaves the dashboard figures of a period named in the address to the page', () => {
    expect(earlyRequestPaths('/dashboard', '?days=90')).toEqual([
      '/api/auth/verify',
      '/api/projects',
    ]);
    expect(earlyRequestPaths('/dashboard', '?from=2026-01-01&to=2026-03-31')).not.toContain(
      '/api/dashboard',
    );
    expect(earlyRequestPaths('/dashboard', '')).toContain('/api/dashboard');
  });

  it.each([
    ['/dashboard', 'Merhaba, Alice Doe'],
    ['/projects/p-1', 'Payments'],
    ['/projects/p-1?tab=readme', 'Payments'],
    ['/analyze-full/p-1', 'Payments'],
    ['/settings', 'Alice Doe'],
  ])(
    '%s, as main.tsx starts it (data fetched before the first render), asks for each once and renders it at once',
    async (address, shown) => {
      answerEveryPage();
      const requests = recordRequests();
      const early = signedInAt(address);
      await preloadRoute(routes, window.location.pathname, true, window.location.search);
      render(<App />);
      // The first commit already holds the page's data: no loading state to wait through.
      expect(screen.getAllByText(shown, { exact: false }).length).toBeGreaterThan(0);
      await waitFor(() => expect(earlyAnswersWaiting()).toBe(0), { timeout: 5_000 });
      requests.stop();
      for (const path of early)
        expect(requests.asked.filter((asked) => asked === path)).toEqual([path]);
    },
  );

  it('leaves an answer for another token to a request of its own', async () => {
    let answered = 0;
    server.use(
      http.get('/api/auth/verify', () =>
        HttpResponse.json({ success: true, data: { user: alice } }),
      ),
      http.get('/api/projects', () => {
        answered += 1;
        return HttpResponse.json({ success: true, data: [] });
      }),
      emptyDashboardAnswer(),
    );
    storeSession();
    useAuthStore.setState({ isAuthenticated: true, token: 'access-1', user: alice, error: null });
    window.history.pushState({}, '', '/dashboard');
    fetchEarly([urlOf(API_BASE_URL, '/api/projects')], 'someone-else');
    render(<App />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Merhaba, Alice Doe' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(answered).toBe(2));
  });
});

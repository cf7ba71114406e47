import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Outlet } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { emitSessionEvent } from '../../../lib/session';
import { storeSession } from '../../../test/auth-fixtures';
import {
  listFixture,
  listHandler,
  notificationFixture,
  PROJECT_ID,
  streamResponse,
} from '../../../test/notification-fixtures';
import { ok, recorder } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { COUNT_POLL_MS } from '../api/list-notifications';
import { notificationKeys } from '../api/query-keys';
import { NotificationBell } from './notification-bell';

function renderBell() {
  storeSession();
  return renderRoutes(
    [
      {
        element: (
          <>
            <NotificationBell />
            <Outlet />
          </>
        ),
        children: [
          { path: '/dashboard', element: <p>dashboard page</p> },
          { path: '/projects/:id', element: <p>project page</p> },
          { path: '/notifications', element: <p>notifications page</p> },
        ],
      },
    ],
    '/dashboard',
  );
}

function answerRead() {
  const reads = recorder();
  server.use(
    http.post('/api/notifications/read', async ({ request }) => {
      await reads.record(request);
      return ok({ unread: 0 });
    }),
  );
  return reads.calls;
}

const bell = () => screen.getByTestId('notification-bell');

afterEach(() => {
  Reflect.deleteProperty(document, 'hidden');
});

describe('the notification bell', () => {
  it('names the unread count in both languages and caps the badge at 99+', async () => {
    server.use(listHandler(() => listFixture([], { unread: 120 })).handler);
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Bildirimler (120 okunmamış)'));
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
    await i18n.changeLanguage('en');
    expect(bell()).toHaveAccessibleName('Notifications (120 unread)');
  });

  it('has no badge and a plain name when all is read', async () => {
    const { handler, queries } = listHandler(() =>
      listFixture([notificationFixture({ readAt: '2026-01-01T00:00:00Z' })]),
    );
    server.use(handler);
    renderBell();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]!.get('limit')).toBe('10');
    expect(bell()).toHaveAccessibleName('Bildirimler');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('opens the latest, worded per kind, and a chosen one is marked read and opened', async () => {
    const reviewed = notificationFixture();
    const failed = notificationFixture({
      kind: 'workFailed',
      subject: {
        type: 'repository',
        repository: 'owner/repo',
        number: null,
        title: null,
        url: null,
      },
      detail: { work: 'sync', failure: 'NOT_A_CODE' },
      link: `/projects/${PROJECT_ID}?tab=pull-requests`,
    });
    server.use(listHandler(() => listFixture([reviewed, failed])).handler);
    const reads = answerRead();
    const { router } = renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Bildirimler (2 okunmamış)'));
    await userEvent.click(bell());
    const panel = within(screen.getByRole('dialog', { name: 'Bildirimler' }));
    const items = panel.getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      "Rota'nın incelemesi bitti: değişiklik istendi — owner/repo#12 Başlık",
    );
    expect(items[0]).toHaveTextContent('Rota');
    expect(items[0]).toHaveTextContent('5 dakika önce');
    expect(items[1]).toHaveTextContent('Çekme isteği eşitlemesi başarısız oldu — owner/repo');

    await userEvent.click(
      within(items[0]!).getByRole('button', { name: /Rota'nın incelemesi bitti/ }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/projects/${PROJECT_ID}`));
    expect(router.state.location.search).toBe('?tab=reviews');
    expect(reads.map((read) => read.body)).toEqual([{ ids: [reviewed.id] }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The server's count after the read (0 here) replaces the one lowered at once.
    await waitFor(() => expect(bell()).toHaveAccessibleName('Bildirimler'));
  });

  it('marks all read, and leads to the page with "See all"', async () => {
    server.use(
      listHandler(() => listFixture([notificationFixture(), notificationFixture()])).handler,
    );
    const reads = answerRead();
    const { router } = renderBell();
    await i18n.changeLanguage('en');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications (2 unread)'));
    await userEvent.click(bell());
    const panel = within(screen.getByRole('dialog', { name: 'Notifications' }));
    await userEvent.click(panel.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(reads.map((read) => read.body)).toEqual([{ all: true }]));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(panel.getAllByTestId('notification-item')[0]).not.toHaveAttribute('data-unread');
    await userEvent.click(panel.getByRole('link', { name: 'See all' }));
    expect(router.state.location.pathname).toBe('/notifications');
  });

  it('closes on Escape, giving the focus back to the bell', async () => {
    server.use(listHandler(() => listFixture([])).handler);
    renderBell();
    await userEvent.click(bell());
    expect(screen.getByRole('dialog')).toHaveTextContent('Henüz bildiriminiz yok.');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('puts what the live stream brings on top and takes its count', async () => {
    const old = notificationFixture();
    const fresh = notificationFixture({
      kind: 'prAssigned',
      detail: { actor: 'octocat' },
      subject: {
        type: 'pullRequest',
        repository: 'owner/repo',
        number: 13,
        title: 'Yeni',
        url: null,
      },
    });
    const authorizations: Array<string | null> = [];
    // The stream speaks once the bell has its list, as a server's would some time later.
    let listServed!: () => void;
    const served = new Promise<void>((resolve) => (listServed = resolve));
    server.use(
      listHandler(() => {
        setTimeout(listServed, 50);
        return listFixture([old]);
      }).handler,
      http.get('/api/notifications/stream', async ({ request }) => {
        authorizations.push(request.headers.get('Authorization'));
        await served;
        return streamResponse([
          ': heartbeat\n\n',
          `event: notification\ndata: ${JSON.stringify(fresh)}\n\n`,
          'event: unread\ndata: {"unread":7}\n\n',
        ]);
      }),
    );
    renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Bildirimler (7 okunmamış)'));
    expect(authorizations[0]).toBe('Bearer access-1');
    await userEvent.click(bell());
    const items = screen.getAllByTestId('notification-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('octocat size bir çekme isteği atadı — owner/repo#13 Yeni');
  });

  it('closes the stream while the tab is hidden, and fetches and reconnects when it shows', async () => {
    const { handler, queries } = listHandler(() => listFixture([]));
    let connections = 0;
    server.use(
      handler,
      http.get('/api/notifications/stream', () => {
        connections += 1;
        return streamResponse([': open\n\n']);
      }),
    );
    renderBell();
    await waitFor(() => expect(connections).toBe(1));
    await waitFor(() => expect(queries).toHaveLength(1));
    setHidden(true);
    setHidden(false);
    // Reconnected (an open stream would have been kept, not opened twice) and caught up.
    await waitFor(() => expect(connections).toBe(2));
    await waitFor(() => expect(queries).toHaveLength(2));
  });

  it('stops the stream when the user is signed out', async () => {
    server.use(listHandler(() => listFixture([])).handler);
    let connections = 0;
    server.use(
      http.get('/api/notifications/stream', () => {
        connections += 1;
        // Ends at once: a live stream would try again after a second.
        return streamResponse([': open\n\n'], false);
      }),
    );
    renderBell();
    await waitFor(() => expect(connections).toBe(1));
    emitSessionEvent({ type: 'expired' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(connections).toBe(1);
  });

  it('asks for the count every minute while the stream is down, and not while it is open', async () => {
    server.use(listHandler(() => listFixture([])).handler); // the stream answers 204: down
    const down = renderBell();
    const interval = (client: typeof down.client) =>
      client.getQueryCache().find({ queryKey: notificationKeys.latest })?.observers[0]?.options
        .refetchInterval;
    await waitFor(() => expect(interval(down.client)).toBe(COUNT_POLL_MS));
    expect(COUNT_POLL_MS).toBe(60_000);
    down.unmount();

    server.use(http.get('/api/notifications/stream', () => streamResponse([': open\n\n'])));
    const live = renderBell();
    await waitFor(() => expect(interval(live.client)).toBe(false));
  });

  it('fetches what came meanwhile once the stream is back after a drop and a failed try', async () => {
    const { handler, queries } = listHandler(() => listFixture([]));
    const answers = [
      () => streamResponse([': open\n\n'], false), // open, then dropped
      () => new HttpResponse(null, { status: 503 }), // a failed try
      () => streamResponse([': open\n\n']), // back
    ];
    let connections = 0;
    server.use(
      handler,
      http.get('/api/notifications/stream', () => answers[Math.min(connections++, 2)]!()),
    );
    renderBell();
    await waitFor(() => expect(queries).toHaveLength(1));
    await waitFor(() => expect(connections).toBe(3), { timeout: 8000 });
    await waitFor(() => expect(queries).toHaveLength(2));
  }, 15_000);
});

function setHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import {
  listFixture,
  listHandler,
  notificationFixture,
  OTHER_PROJECT_ID,
  PROJECT_ID,
} from '../../../test/notification-fixtures';
import { ok, recorder } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { NotificationsPage } from './notifications-page';

const PROJECTS = [
  { id: PROJECT_ID, name: 'Rota' },
  { id: OTHER_PROJECT_ID, name: 'Atlas' },
];

function renderPage(path = '/notifications') {
  return renderRoutes(
    [
      { path: '/notifications', element: <NotificationsPage projects={PROJECTS} /> },
      { path: '/projects/:id', element: <p>project page</p> },
    ],
    path,
  );
}

/** The page's requests (limit 30, newest first); the bell's (limit 10) are left out. */
const pageQueries = (queries: URLSearchParams[]) =>
  queries.filter((query) => query.get('limit') !== '10');

describe('the notifications page', () => {
  it('keeps its filters in the URL and asks the server with them', async () => {
    const { handler, queries } = listHandler(() => listFixture([notificationFixture()]));
    server.use(handler);
    const { router } = renderPage('/notifications?kind=prReviewed');
    expect(await screen.findByLabelText('Tür')).toHaveValue('prReviewed');
    await waitFor(() => expect(pageQueries(queries)).toHaveLength(1));
    expect(pageQueries(queries)[0]!.get('kind')).toBe('prReviewed');
    expect(pageQueries(queries)[0]!.has('projectId')).toBe(false);

    await userEvent.selectOptions(screen.getByLabelText('Proje'), 'Atlas');
    expect(new URLSearchParams(router.state.location.search).get('project')).toBe(OTHER_PROJECT_ID);
    await waitFor(() => expect(pageQueries(queries)).toHaveLength(2));
    expect(pageQueries(queries)[1]!.get('projectId')).toBe(OTHER_PROJECT_ID);
    expect(pageQueries(queries)[1]!.get('kind')).toBe('prReviewed');

    await userEvent.selectOptions(screen.getByLabelText('Tür'), 'Tüm türler');
    expect(router.state.location.search).toBe(`?project=${OTHER_PROJECT_ID}`);
  });

  it('ignores an unknown kind or project in the URL', async () => {
    const { handler, queries } = listHandler(() => listFixture([]));
    server.use(handler);
    renderPage('/notifications?kind=everything&project=not-mine');
    expect(await screen.findByText('Henüz bildirim yok')).toBeInTheDocument();
    expect(pageQueries(queries)[0]!.has('kind')).toBe(false);
    expect(pageQueries(queries)[0]!.has('projectId')).toBe(false);
  });

  it('loads more with the cursor of the page before', async () => {
    const first = notificationFixture();
    const second = notificationFixture({ readAt: '2026-01-01T00:00:00Z' });
    const { handler, queries } = listHandler((url) =>
      url.searchParams.get('before') === 'cursor-1'
        ? listFixture([second], { unread: 1 })
        : listFixture([first], { nextCursor: 'cursor-1' }),
    );
    server.use(handler);
    renderPage();
    expect(await screen.findAllByTestId('notification-item')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await waitFor(() => expect(screen.getAllByTestId('notification-item')).toHaveLength(2));
    expect(pageQueries(queries).at(-1)!.get('before')).toBe('cursor-1');
    expect(screen.queryByRole('button', { name: 'Daha fazla' })).not.toBeInTheDocument();
  });

  it('says which filter found nothing, and clears them', async () => {
    server.use(listHandler(() => listFixture([])).handler);
    const { router } = renderPage(`/notifications?kind=prMerged&project=${PROJECT_ID}`);
    expect(await screen.findByText('Bu tür ve projede bildirim yok')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Tür'), 'Tüm türler');
    expect(await screen.findByText('Bu projede bildirim yok')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Süzgeçleri temizle' }));
    expect(await screen.findByText('Henüz bildirim yok')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('marks one read, and all read, in English too', async () => {
    await i18n.changeLanguage('en');
    const one = notificationFixture({ kind: 'prMerged', detail: { actor: 'octocat' } });
    const two = notificationFixture({
      kind: 'agreementBroken',
      detail: { agreement: 'firstReviewWithin', threshold: 24 },
    });
    server.use(listHandler(() => listFixture([one, two])).handler);
    const reads = recorder();
    server.use(
      http.post('/api/notifications/read', async ({ request }) => {
        await reads.record(request);
        return ok({ unread: 1 });
      }),
    );
    renderPage();
    const items = await screen.findAllByTestId('notification-item');
    expect(items[0]).toHaveTextContent('octocat merged a pull request — owner/repo#12 Başlık');
    expect(items[1]).toHaveTextContent(
      'A working agreement was broken (First review within 24 working hours) — owner/repo#12 Başlık',
    );
    await userEvent.click(within(items[0]!).getByRole('button', { name: /^Mark as read:/ }));
    await waitFor(() => expect(reads.calls.map((call) => call.body)).toEqual([{ ids: [one.id] }]));
    expect(screen.getAllByTestId('notification-item')[0]).not.toHaveAttribute('data-unread');
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(reads.calls).toHaveLength(2));
    expect(reads.calls[1]!.body).toEqual({ all: true });
    for (const item of screen.getAllByTestId('notification-item'))
      expect(item).not.toHaveAttribute('data-unread');
  });
});

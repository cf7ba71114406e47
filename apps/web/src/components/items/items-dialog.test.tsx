import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { itemsFixture, pullRequestItem } from '../../test/delivery-fixtures';
import { ok } from '../../test/project-fixtures';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import type { ItemsScope } from './items-api';
import { ItemsButton, ItemsScopeProvider } from './items-scope';

function itemsServer(url: string, body: (url: URL) => unknown) {
  const seen: URL[] = [];
  server.use(
    http.get(url, ({ request }) => {
      const asked = new URL(request.url);
      seen.push(asked);
      return ok(body(asked));
    }),
  );
  return seen;
}

/** A figure's label as its section names it. */
const LABEL = 'Birleştirme süresi';

function renderFigure(scope: ItemsScope | null, path: string, metric = 'time_to_merge') {
  const figure = (
    <ItemsButton metric={metric} label={LABEL} count={12}>
      12
    </ItemsButton>
  );
  return renderRoutes(
    [
      {
        path: '*',
        element: scope ? <ItemsScopeProvider scope={scope}>{figure}</ItemsScopeProvider> : figure,
      },
    ],
    path,
  );
}

describe('items behind a figure', () => {
  it('opens the list for the period, authors and team in the address, with links to each pull request', async () => {
    const items = [pullRequestItem(12, 30), pullRequestItem(13, 1.5)];
    const seen = itemsServer('/api/projects/p-1/analytics/items', () =>
      itemsFixture('time_to_merge', items, { total: 12 }),
    );
    renderFigure(
      { kind: 'project', projectId: 'p-1' },
      '/projects/p-1?tab=analytics&from=2026-01-01&to=2026-01-31&days=90&authors=all&team=6f1c2f0e-8a4b-4f3e-9a51-0d2c3b4a5e6f',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Birleştirme süresi: 12 çekme isteğini göster' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Birleştirme süresi: 12' });
    const rows = await within(dialog).findAllByTestId('item-row');
    expect(rows).toHaveLength(2);
    const asked = seen[0]!.searchParams;
    expect(asked.get('metric')).toBe('time_to_merge');
    expect(asked.get('from')).toBe('2026-01-01');
    expect(asked.get('to')).toBe('2026-01-31');
    expect(asked.has('days')).toBe(false);
    expect(asked.get('authors')).toBe('all');
    expect(asked.get('team')).toBe('6f1c2f0e-8a4b-4f3e-9a51-0d2c3b4a5e6f');

    expect(within(rows[0]!).getByRole('link', { name: '#12 Change 12' })).toHaveAttribute(
      'href',
      '/projects/p-1?tab=pull-requests&q=%2312',
    );
    expect(within(rows[0]!).getByRole('link', { name: "GitHub'da aç" })).toHaveAttribute(
      'href',
      'https://github.com/acme/payments-api/pull/12',
    );
    expect(rows[0]).toHaveTextContent('aysekaya');
    expect(within(rows[0]!).getByTestId('item-value')).toHaveTextContent('30 saat');
    expect(within(rows[1]!).getByTestId('item-value')).toHaveTextContent('1,5 saat');
    expect(within(dialog).queryByTestId('items-truncated')).toBeNull();
  });

  it('says when the list stops before the total, in English too', async () => {
    await i18n.changeLanguage('en');
    const items = Array.from({ length: 3 }, (_, index) => pullRequestItem(index + 1, 120));
    itemsServer('/api/projects/p-1/analytics/items', () =>
      itemsFixture('size_L', items, { total: 2345, truncated: true }),
    );
    renderFigure({ kind: 'project', projectId: 'p-1' }, '/projects/p-1?tab=analytics', 'size_L');
    await userEvent.click(
      screen.getByRole('button', { name: 'Birleştirme süresi: show the 12 pull requests' }),
    );
    const note = await screen.findByTestId('items-truncated');
    expect(note).toHaveTextContent('Showing the first 3 of 2,345');
    expect(screen.getAllByTestId('item-row')).toHaveLength(3);
    expect(screen.getAllByTestId('item-value')[0]).toHaveTextContent('120 lines');
  });

  it('lists deployments, incidents and commits with their own details', async () => {
    itemsServer('/api/projects/p-1/analytics/items', () =>
      itemsFixture('lead_time', [
        {
          type: 'deployment',
          repository: 'acme/payments-api',
          name: 'v1.4.0',
          source: 'tags',
          sha: 'abcdef1234567',
          deployed_at: '2026-11-02T09:00:00Z',
          failed: true,
          url: null,
          value: 26,
        },
        {
          type: 'incident',
          title: 'Checkout down',
          url: null,
          source: 'api',
          started_at: '2026-11-03T09:00:00Z',
          resolved_at: null,
          value: null,
        },
        {
          type: 'commit',
          repository: 'acme/payments-api',
          sha: '1234567abcdef',
          title: 'Fix rounding',
          author: null,
          authored_at: '2026-11-01T09:00:00Z',
          value: 50,
        },
      ]),
    );
    renderFigure({ kind: 'project', projectId: 'p-1' }, '/projects/p-1', 'lead_time');
    await userEvent.click(
      screen.getByRole('button', { name: 'Birleştirme süresi: 12 değişikliği göster' }),
    );
    const rows = await screen.findAllByTestId('item-row');
    expect(rows[0]).toHaveTextContent('v1.4.0');
    expect(rows[0]).toHaveTextContent('Etiket');
    expect(rows[0]).toHaveTextContent('abcdef1');
    expect(rows[0]).toHaveTextContent('Başarısız');
    expect(rows[1]).toHaveTextContent('Checkout down');
    expect(rows[1]).toHaveTextContent('Hâlâ açık');
    expect(rows[2]).toHaveTextContent('1234567 Fix rounding');
    expect(rows[2]).toHaveTextContent('Yazar bilinmiyor');
    expect(within(rows[2]!).getByTestId('item-value')).toHaveTextContent('2,1 gün');
  });

  it('asks the dashboard for its own figures, by period only, and links each pull request to GitHub', async () => {
    const seen = itemsServer('/api/dashboard/items', () =>
      itemsFixture('opened', [pullRequestItem(7)]),
    );
    renderFigure({ kind: 'dashboard' }, '/dashboard?days=7&authors=all', 'open_prs');
    await userEvent.click(screen.getByRole('button', { name: /12 çekme isteğini göster/ }));
    const row = await screen.findByTestId('item-row');
    expect(seen[0]!.searchParams.get('metric')).toBe('open_prs');
    expect(seen[0]!.searchParams.get('days')).toBe('7');
    expect(seen[0]!.searchParams.has('authors')).toBe(false);
    expect(within(row).queryByRole('link', { name: '#7 Change 7' })).toBeNull();
    expect(within(row).getByRole('link', { name: "GitHub'da aç" })).toBeInTheDocument();
  });

  it('leaves a zero a plain figure: nothing stands behind it', () => {
    renderRoutes(
      [
        {
          path: '*',
          element: (
            <ItemsScopeProvider scope={{ kind: 'project', projectId: 'p-1' }}>
              <ItemsButton metric="stale" label={LABEL} count={0}>
                0
              </ItemsButton>
            </ItemsScopeProvider>
          ),
        },
      ],
      '/projects/p-1',
    );
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it('is the plain figure outside a page that lists items', () => {
    renderFigure(null, '/');
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('12')).toBeInTheDocument();
  });
});

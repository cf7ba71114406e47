import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../i18n';
import type { PullRequestList, PullRequestSyncAccepted } from '@rota/contracts';
import { i18n } from '../../../lib/i18n';
import { errorAnswer } from '../../../test/auth-fixtures';
import { jobFixture } from '../../../test/analysis-fixtures';
import { installMatchMedia } from '../../../test/match-media';
import { ok } from '../../../test/project-fixtures';
import {
  pullRequestFixture,
  pullRequestListFixture,
  pullRequestsAnswer,
  repoSyncFixture,
} from '../../../test/pull-request-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { SYNC_POLL_MS } from '../api/list-pull-requests';
import { PullRequestsTab } from './pull-requests-tab';
import { WIDE_SCREEN_QUERY } from './use-wide-screen';

function renderTab(addRepository = vi.fn(), path = '/projects/p-1?tab=pull-requests') {
  const view = renderRoutes(
    [
      {
        path: '/projects/:id',
        element: <PullRequestsTab projectId="p-1" addRepository={addRepository} />,
      },
    ],
    path,
  );
  return { ...view, addRepository };
}

/** A server that filters and pages like the real one: state, search (title, number, author). */
function listServer(all: PullRequestList['pullRequests'], seen: URL[] = []) {
  return pullRequestsAnswer((url) => {
    seen.push(url);
    const state = url.searchParams.get('state') ?? 'open';
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const matching = all.filter(
      (pr) =>
        (state === 'all' || pr.state === state) &&
        (search === '' ||
          pr.title.toLowerCase().includes(search) ||
          String(pr.number) === search.replace(/^#/, '') ||
          (pr.user?.login.toLowerCase().includes(search) ?? false)),
    );
    return pullRequestListFixture({
      pullRequests: matching.slice((page - 1) * perPage, page * perPage),
      total: matching.length,
      page,
      per_page: perPage,
    });
  });
}

const rows = () => screen.getAllByTestId('pr-row');

afterEach(() => installMatchMedia(false));

describe('pull requests tab', () => {
  it('shows each pull request with repository, link, state, author, age, size, reviewers and comments', async () => {
    server.use(
      pullRequestsAnswer(
        pullRequestListFixture({
          pullRequests: [
            pullRequestFixture(),
            pullRequestFixture({
              id: 'pr-2',
              number: 7,
              title: 'Bump lodash',
              draft: true,
              user: { login: 'dependabot[bot]', avatar_url: null, is_bot: true },
              additions: 2,
              deletions: 2,
              changed_files: 1,
              age_seconds: 5 * 60 * 60,
              review_state: 'none',
              reviewers: [],
              comments: 0,
            }),
          ],
          total: 2,
        }),
      ),
    );
    renderTab();
    await screen.findByText('2 çekme isteği');
    const [first, second] = rows();

    const link = within(first!).getByRole('link', {
      name: '#42 Retry card captures on timeouts (yeni sekmede açılır)',
    });
    expect(link).toHaveAttribute('href', 'https://github.com/acme/payments-api/pull/42');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(first).toHaveTextContent('acme/payments-api');
    expect(within(first!).getByTestId('pr-state')).toHaveTextContent('Açık');
    expect(within(first!).getByTestId('pr-author')).toHaveTextContent('aysekaya');
    expect(within(first!).getByTestId('pr-age')).toHaveTextContent('3 gün açık');
    // 150 changed lines: class M; the numbers are also read out in words.
    const size = within(first!).getByTestId('pr-size');
    expect(size).toHaveTextContent('Boyut sınıfı M: orta');
    expect(size).toHaveTextContent('+120 −30');
    expect(size).toHaveTextContent('120 satır eklendi, 30 satır silindi');
    expect(size).toHaveTextContent('5 dosya');
    const reviews = within(first!).getByTestId('pr-reviews');
    expect(reviews).toHaveTextContent('Değişiklik istendi');
    const reviewers = within(reviews).getByRole('list', { name: 'İnceleyenler' });
    expect(
      within(reviewers)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['mehmetdeğişiklik istedi', 'zeyneponayladı', 'caninceleme bekleniyor']);
    expect(within(first!).getByTestId('pr-comments')).toHaveTextContent('7 yorum');

    expect(within(second!).getByTestId('pr-draft')).toHaveTextContent('Taslak');
    expect(within(second!).getByTestId('pr-author')).toHaveTextContent('dependabot[bot]bot');
    expect(within(second!).getByTestId('pr-age')).toHaveTextContent('5 saat açık');
    expect(within(second!).getByTestId('pr-size')).toHaveTextContent('Boyut sınıfı XS: çok küçük');
    expect(within(second!).getByTestId('pr-reviews')).toHaveTextContent('İnceleme yok');
    expect(within(second!).queryByRole('list', { name: 'İnceleyenler' })).toBeNull();

    const panel = screen.getByRole('region', { name: 'Eşitleme' });
    expect(within(panel).getByTestId('pr-sync-status')).toHaveTextContent('Eşitlendi');
    expect(panel).toHaveTextContent('2 çekme isteği kayıtlı');
    expect(panel).toHaveTextContent('Webhook ile anında güncel tutuluyor');
    expect(within(panel).getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();
  });

  it('is a table with column headers on wide screens', async () => {
    const narrow = window.matchMedia;
    window.matchMedia = (media: string) =>
      media === WIDE_SCREEN_QUERY
        ? ({ ...narrow(media), matches: true } as MediaQueryList)
        : narrow(media);
    server.use(pullRequestsAnswer(pullRequestListFixture()));
    renderTab();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Çekme isteği', 'Durum', 'Yazar', 'Süre', 'Boyut', 'İnceleme', 'Yorum']);
    expect(within(table).getAllByTestId('pr-row')).toHaveLength(1);
    expect(screen.queryByTestId('pr-cards')).toBeNull();
  });

  it('asks for the chosen state and the search (debounced, title, number or author), from page 1', async () => {
    const seen: URL[] = [];
    server.use(
      listServer(
        [
          pullRequestFixture(),
          pullRequestFixture({ id: 'pr-2', number: 8, title: 'Add refunds', state: 'merged' }),
          pullRequestFixture({ id: 'pr-3', number: 9, title: 'Drop v1 API', state: 'closed' }),
        ],
        seen,
      ),
    );
    renderTab();
    await screen.findByText('1 çekme isteği');
    expect(seen.at(-1)?.searchParams.get('state')).toBe('open');
    expect(seen.at(-1)?.searchParams.get('page')).toBe('1');
    expect(seen.at(-1)?.searchParams.get('per_page')).toBe('25');
    expect(seen.at(-1)?.searchParams.has('search')).toBe(false);

    const open = screen.getByRole('radio', { name: 'Açık' });
    expect(open).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Birleştirilmiş' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('#8 Add refunds'));
    expect(seen.at(-1)?.searchParams.get('state')).toBe('merged');

    await userEvent.click(screen.getByRole('radio', { name: 'Tümü' }));
    await screen.findByText('3 çekme isteği');
    const asked = seen.length;
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Çekme isteklerinde arayın' }),
      'drop',
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('#9 Drop v1 API');
    // One request for the settled text, not one per keystroke.
    expect(seen.slice(asked).map((url) => url.searchParams.get('search'))).toEqual(['drop']);
    expect(seen.at(-1)?.searchParams.get('state')).toBe('all');
  });

  it('moves through the states with the arrow keys (one tab stop) and searches at once on Enter', async () => {
    const seen: URL[] = [];
    server.use(
      listServer(
        [
          pullRequestFixture(),
          pullRequestFixture({ id: 'pr-2', number: 9, title: 'Drop v1 API', state: 'closed' }),
        ],
        seen,
      ),
    );
    renderTab();
    await screen.findByText('1 çekme isteği');
    screen.getByRole('radio', { name: 'Açık' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Kapalı' })).toBeChecked();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('#9 Drop v1 API'));
    expect(seen.at(-1)?.searchParams.get('state')).toBe('closed');
    await userEvent.tab();
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await userEvent.keyboard('#9{Enter}');
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('search')).toBe('#9'));
    expect(rows()).toHaveLength(1);
  });

  it('opens on the pull request a link names, as a notification does, in every state', async () => {
    const seen: URL[] = [];
    server.use(
      listServer(
        [
          pullRequestFixture({ id: 'pr-1', number: 8, title: 'Open change' }),
          pullRequestFixture({ id: 'pr-2', number: 9, title: 'Drop v1 API', state: 'merged' }),
        ],
        seen,
      ),
    );
    renderTab(vi.fn(), '/projects/p-1?tab=pull-requests&q=%239');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toHaveTextContent('#9 Drop v1 API');
    expect(seen[0]?.searchParams.get('search')).toBe('#9');
    expect(seen[0]?.searchParams.get('state')).toBe('all');
    expect(screen.getByRole('searchbox')).toHaveValue('#9');
  });

  it('pages through the list, keeping the current page on screen while the next loads', async () => {
    const all = Array.from({ length: 60 }, (_, n) =>
      pullRequestFixture({ id: `pr-${n}`, number: n + 1, title: `Change ${n + 1}` }),
    );
    const seen: URL[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = listServer(all, seen);
    server.use(
      http.get('/api/projects/p-1/pull-requests', async ({ request }) => {
        if (new URL(request.url).searchParams.get('page') === '2') await held;
      }),
      answer,
    );
    renderTab();
    await screen.findByText('60 çekme isteği');
    const pages = screen.getByRole('navigation', { name: 'Sayfalar' });
    expect(pages).toHaveTextContent('Sayfa 1 / 3');
    expect(within(pages).getByRole('button', { name: 'Önceki sayfa' })).toBeDisabled();
    expect(rows()).toHaveLength(25);

    await userEvent.click(within(pages).getByRole('button', { name: 'Sonraki sayfa' }));
    // Page 1 stays, marked busy, until page 2 arrives.
    expect(rows()[0]).toHaveTextContent('#1 Change 1');
    expect(screen.getByTestId('pr-cards')).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(rows()[0]).toHaveTextContent('#26 Change 26'));
    expect(screen.getByTestId('pr-cards')).toHaveAttribute('aria-busy', 'false');
    expect(pages).toHaveTextContent('Sayfa 2 / 3');
    expect(seen.at(-1)?.searchParams.get('page')).toBe('2');

    await userEvent.click(within(pages).getByRole('button', { name: 'Sonraki sayfa' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(within(pages).getByRole('button', { name: 'Sonraki sayfa' })).toBeDisabled();
    await userEvent.click(within(pages).getByRole('button', { name: 'Önceki sayfa' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('#26 Change 26'));
  });

  it('"Sync now" posts, shows the repositories queued with the button disabled, and polls until synced', async () => {
    let synced = false;
    let posts = 0;
    let status: 'never' | 'queued' | 'synced' = 'never';
    server.use(
      pullRequestsAnswer(() =>
        pullRequestListFixture({
          pullRequests: synced ? [pullRequestFixture()] : [],
          total: synced ? 1 : 0,
          repositories: [
            repoSyncFixture({
              status,
              last_synced_at: synced ? new Date().toISOString() : null,
              stored: synced ? 1 : 0,
              kept_current_by: 'schedule',
            }),
          ],
        }),
      ),
      http.post('/api/projects/p-1/pull-requests/sync', () => {
        posts += 1;
        status = 'queued';
        return ok(
          {
            projectId: 'p-1',
            jobs: [
              {
                repoId: 'r-1',
                full_name: 'acme/payments-api',
                job: jobFixture({ kind: 'pull-request-sync', status: 'queued' }),
              },
            ],
          } satisfies PullRequestSyncAccepted,
          202,
        );
      }),
    );
    renderTab();
    // Never synced: the empty state says so and offers the sync itself.
    const empty = await screen.findByRole('heading', { name: 'Çekme istekleri henüz eşitlenmedi' });
    const panel = screen.getByRole('region', { name: 'Eşitleme' });
    expect(within(panel).getByTestId('pr-sync-status')).toHaveTextContent('Hiç eşitlenmedi');
    expect(panel).toHaveTextContent('Henüz eşitlenmedi');
    expect(panel).toHaveTextContent('Zamanlanmış eşitlemeyle güncel tutuluyor');
    const fromEmpty = within(empty.parentElement!).getByRole('button', { name: 'Şimdi eşitle' });
    await userEvent.click(fromEmpty);

    await waitFor(() =>
      expect(within(panel).getByTestId('pr-sync-status')).toHaveTextContent('Sırada'),
    );
    expect(posts).toBe(1);
    expect(within(panel).getByRole('button', { name: 'Şimdi eşitle' })).toBeDisabled();
    expect(within(panel).getByRole('status')).toHaveTextContent('Eşitleniyor…');
    expect(
      screen.getByRole('heading', { name: 'Çekme istekleri eşitleniyor' }),
    ).toBeInTheDocument();

    // The job finishes; the next poll shows the result and the button comes back.
    synced = true;
    status = 'synced';
    await waitFor(
      () => expect(within(panel).getByTestId('pr-sync-status')).toHaveTextContent('Eşitlendi'),
      { timeout: SYNC_POLL_MS * 3 },
    );
    expect(rows()).toHaveLength(1);
    expect(within(panel).getByRole('button', { name: 'Şimdi eşitle' })).toBeEnabled();
    expect(posts).toBe(1);
  }, 20_000);

  it('says why a sync could not start', async () => {
    server.use(
      pullRequestsAnswer(pullRequestListFixture()),
      http.post('/api/projects/p-1/pull-requests/sync', () =>
        errorAnswer(409, 'PROJECT_ARCHIVED', 'This project is archived'),
      ),
    );
    renderTab();
    const panel = await screen.findByRole('region', { name: 'Eşitleme' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Şimdi eşitle' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Eşitleme başlatılamadı: Bu proje arşivlendiği için',
    );
  });

  it("shows each repository's failure and that plain git repositories give no pull requests", async () => {
    server.use(
      pullRequestsAnswer(
        pullRequestListFixture({
          repositories: [
            repoSyncFixture(),
            repoSyncFixture({
              repoId: 'r-2',
              full_name: 'acme/web',
              status: 'failed',
              error: { code: 'GITHUB_TOKEN_REVOKED', message: 'GitHub token revoked' },
              kept_current_by: 'none',
            }),
            repoSyncFixture({
              repoId: 'r-3',
              full_name: 'git.example.com/tools',
              status: 'unsupported',
              last_synced_at: null,
              stored: 0,
              kept_current_by: 'none',
            }),
          ],
        }),
      ),
    );
    renderTab();
    const panel = await screen.findByRole('region', { name: 'Eşitleme' });
    const [, failed, plain] = within(panel).getAllByTestId('pr-sync-repo');
    expect(failed).toHaveTextContent('Başarısız');
    expect(failed).toHaveTextContent(
      'Son eşitleme başarısız: GitHub artık GitHub belirtecinizi kabul etmiyor',
    );
    expect(failed).toHaveTextContent('Kendiliğinden güncellenmiyor');
    expect(plain).toHaveTextContent('GitHub deposu değil');
    expect(plain).toHaveTextContent('Çekme istekleri yalnızca GitHub depolarından alınır.');
  });
});

describe('pull requests tab: empty states', () => {
  it('a project without GitHub repositories points to adding one', async () => {
    server.use(
      pullRequestsAnswer(
        pullRequestListFixture({
          pullRequests: [],
          total: 0,
          repositories: [
            repoSyncFixture({ status: 'unsupported', last_synced_at: null, stored: 0 }),
          ],
        }),
      ),
    );
    const { addRepository } = renderTab();
    expect(
      await screen.findByRole('heading', { name: 'Bu projede GitHub deposu yok' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Çekme istekleri GitHub depolarından gelir/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Şimdi eşitle' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Depo ekle' }));
    expect(addRepository).toHaveBeenCalledOnce();
  });

  it('no open pull requests offers all of them; a search without matches offers clearing the filters', async () => {
    const seen: URL[] = [];
    server.use(listServer([pullRequestFixture({ state: 'merged', title: 'Add refunds' })], seen));
    renderTab();
    expect(
      await screen.findByRole('heading', { name: 'Açık çekme isteği yok' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tümünü göster' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByRole('radio', { name: 'Tümü' })).toBeChecked();

    await userEvent.type(screen.getByRole('searchbox'), 'nothing like it{Enter}');
    expect(
      await screen.findByRole('heading', { name: 'Eşleşen çekme isteği yok' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    expect(
      await screen.findByRole('heading', { name: 'Açık çekme isteği yok' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'Açık' })).toBeChecked();
    expect(seen.at(-1)?.searchParams.get('state')).toBe('open');
    expect(seen.at(-1)?.searchParams.has('search')).toBe(false);
  });

  it('a failed load says "Failed to fetch pull requests" and retries (English)', async () => {
    await i18n.changeLanguage('en');
    let answers = 0;
    server.use(
      http.get('/api/projects/p-1/pull-requests', () => {
        answers += 1;
        // The first answer breaks the contract; the retry is fine.
        return answers === 1
          ? HttpResponse.json({ success: true, data: { pullRequests: 'nope' } })
          : ok(pullRequestListFixture());
      }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch pull requests');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1 pull request')).toBeInTheDocument();
    const row = rows()[0]!;
    expect(within(row).getByTestId('pr-state')).toHaveTextContent('Open');
    expect(within(row).getByTestId('pr-age')).toHaveTextContent('open for 3 days');
    expect(within(row).getByTestId('pr-size')).toHaveTextContent('Size class M: medium');
    expect(within(row).getByTestId('pr-size')).toHaveTextContent('5 files');
    expect(within(row).getByTestId('pr-reviews')).toHaveTextContent('Changes requested');
    expect(within(row).getByTestId('pr-reviews')).toHaveTextContent('zeynepapproved');
    expect(within(row).getByTestId('pr-comments')).toHaveTextContent('7 comments');
    expect(screen.getByRole('region', { name: 'Sync' })).toHaveTextContent(
      'Kept current at once by its webhook',
    );
    expect(screen.getByRole('radio', { name: 'Merged' })).toBeInTheDocument();
  });

  it('a failed load in Turkish', async () => {
    server.use(
      http.get('/api/projects/p-1/pull-requests', () =>
        errorAnswer(403, 'GITHUB_FORBIDDEN', 'GitHub refused'),
      ),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Çekme istekleri yüklenemedi');
    expect(within(alert).getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
  });

  it('shows a busy placeholder announced as loading while the first page loads', async () => {
    server.use(
      http.get('/api/projects/p-1/pull-requests', async () => {
        await new Promise(() => undefined);
      }),
    );
    renderTab();
    const loading = await screen.findByRole('status', { name: 'Çekme istekleri yükleniyor…' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
  });
});

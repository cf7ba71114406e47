import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GitHubRepo } from '@rota/contracts';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok, projectAnswer, projectFixture, recorder } from '../../../test/project-fixtures';
import { server } from '../../../test/server';
import { renderProjects, resetProjectStores } from './projects-test-utils';

resetProjectStores();

const repo = (n: number, overrides: Partial<GitHubRepo> = {}): GitHubRepo => ({
  fullName: `ayse/service-${n}`,
  owner: 'ayse',
  name: `service-${n}`,
  private: false,
  description: `Service number ${n}`,
  htmlUrl: `https://github.com/ayse/service-${n}`,
  cloneUrl: `https://github.com/ayse/service-${n}.git`,
  defaultBranch: 'main',
  language: 'TypeScript',
  stargazers: 0,
  forks: 0,
  pushedAt: '2026-01-01T00:00:00Z',
  ...overrides,
});

// 23 repositories, the last one private with its own default branch.
const all = Array.from({ length: 23 }, (_, n) =>
  repo(n, n === 22 ? { private: true, defaultBranch: 'develop' } : {}),
);

/** GET /api/repos/github the way the server answers: filtered, then paged. */
function reposAnswer(seen: URL[]) {
  return http.get('/api/repos/github', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const page = Number(url.searchParams.get('page') ?? 1);
    const perPage = Number(url.searchParams.get('per_page') ?? 30);
    const matching = all.filter((r) => r.fullName.includes(search));
    return ok({
      repositories: matching.slice((page - 1) * perPage, page * perPage),
      total: matching.length,
      page,
      per_page: perPage,
      stale: false,
      storedAt: null,
      truncated: false,
    });
  });
}

async function openModal() {
  const posts = recorder();
  const created = projectFixture({ id: 'p-new', name: 'Checkout' });
  server.use(
    http.get('/api/projects', () => ok([])),
    projectAnswer(created),
    http.post('/api/projects', async (info) => {
      await posts.record(info.request);
      return ok(created, 201);
    }),
  );
  renderProjects('/projects');
  await userEvent.click(await screen.findByRole('button', { name: 'Yeni proje' }));
  const dialog = await screen.findByRole('dialog', { name: 'Yeni proje' });
  return { dialog, posts: posts.calls };
}

describe('GitHub repository picker in the project modal', () => {
  it('lists, searches (debounced), pages with the keyboard, and fills the empty row', async () => {
    const seen: URL[] = [];
    server.use(reposAnswer(seen));
    const { dialog, posts } = await openModal();
    // Nothing is asked of GitHub until the user opens the picker.
    expect(seen).toEqual([]);
    const toggle = within(dialog).getByRole('button', { name: "GitHub'dan seç" });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const region = await within(dialog).findByRole('region', { name: 'GitHub depolarınız' });
    expect(await within(region).findByRole('status')).toHaveTextContent('23 depo · sayfa 1 / 3');
    expect(within(region).getAllByRole('listitem')).toHaveLength(10);

    // Next page, by keyboard.
    within(region).getByRole('button', { name: 'Sonraki sayfa' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(region).findByText('ayse/service-10')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Önceki sayfa' })).toBeEnabled();

    // Typing asks once, after the pause, and starts on page 1 again.
    const before = seen.length;
    await userEvent.type(
      within(region).getByLabelText('GitHub depolarınızda arayın'),
      'service-22',
    );
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('1 depo'));
    const searches = seen.slice(before).map((url) => url.searchParams.get('search'));
    expect(searches.filter(Boolean)).toEqual(['service-22']);
    expect(seen.at(-1)!.searchParams.get('page')).toBe('1');
    // Enter in the search box does not submit the project form.
    await userEvent.keyboard('{Enter}');
    expect(posts).toEqual([]);

    const item = within(region).getByRole('button', { name: /ayse\/service-22/ });
    expect(within(item).getByRole('img', { name: 'Özel' })).toBeInTheDocument();
    await userEvent.click(item);
    const row = screen.getByTestId('repo-row-0');
    expect(within(row).getByLabelText('Depo adresi')).toHaveValue(
      'https://github.com/ayse/service-22',
    );
    expect(within(row).getByLabelText('Dal')).toHaveValue('develop');
    expect(within(row).getByLabelText('Görünen ad (isteğe bağlı)')).toHaveValue('service-22');

    // A second pick adds a row instead of overwriting the first.
    await userEvent.clear(within(region).getByLabelText('GitHub depolarınızda arayın'));
    await userEvent.type(within(region).getByLabelText('GitHub depolarınızda arayın'), 'service-3');
    await userEvent.click(await within(region).findByRole('button', { name: /ayse\/service-3/ }));
    expect(within(screen.getByTestId('repo-row-1')).getByLabelText('Depo adresi')).toHaveValue(
      'https://github.com/ayse/service-3',
    );
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Projeyi oluştur' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toMatchObject({
      repos: [
        { url: 'https://github.com/ayse/service-22', branch: 'develop', name: 'service-22' },
        { url: 'https://github.com/ayse/service-3', name: 'service-3' },
      ],
    });
  });

  it('points to Settings when the account has no GitHub token (409), and lists nothing', async () => {
    server.use(
      http.get('/api/repos/github', () =>
        errorAnswer(409, 'GITHUB_NOT_CONNECTED', 'Your GitHub account is not connected.'),
      ),
    );
    const { dialog } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: "GitHub'dan seç" }));
    expect(await within(dialog).findByText(/GitHub belirteci yok/)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: "Ayarlar'dan GitHub'ı bağla" }),
    ).toHaveAttribute('href', '/settings');
    expect(within(dialog).queryByLabelText('GitHub depolarınızda arayın')).toBeNull();
  });

  it('names a GitHub failure in words, keeping the form usable', async () => {
    server.use(
      http.get('/api/repos/github', () =>
        HttpResponse.json(
          {
            success: false,
            error: { code: 'GITHUB_UNAVAILABLE', message: 'GitHub did not answer properly.' },
          },
          { status: 502 },
        ),
      ),
    );
    const { dialog } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: "GitHub'dan seç" }));
    const status = await within(dialog).findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('GitHub yanıt vermedi.'));
    expect(within(dialog).getByLabelText('Proje adı')).toBeEnabled();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorAnswer } from '../../../test/auth-fixtures';
import {
  ok,
  projectAnswer,
  projectFixture,
  recorder,
  summaryFixture,
} from '../../../test/project-fixtures';
import { server } from '../../../test/server';
import { useUiStore } from '../../../lib/ui-store';
import { i18n } from '../../../lib/i18n';
import { repoFailureFixture } from '../../../test/analytics-fixtures';
import { renderProjects, resetProjectStores } from './projects-test-utils';

resetProjectStores();
afterEach(() => vi.useRealTimers());

const payments = summaryFixture({
  id: 'p-1',
  name: 'Payments',
  description: 'Card processing',
  repo_count: 3,
  status: 'active',
  updated_at: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
});
const legacy = summaryFixture({
  id: 'p-2',
  name: 'Legacy CRM',
  description: null,
  repo_count: 1,
  status: 'archived',
});

/** Answers GET /api/projects with `data` and records each query string it was asked. */
function listAnswer(data: unknown[] = [payments, legacy]) {
  const seen = recorder();
  server.use(
    http.get('/api/projects', async ({ request }) => {
      await seen.record(request);
      return ok(data);
    }),
  );
  return { queries: () => seen.calls.map((call) => call.url.search) };
}

describe('projects page', () => {
  it('lists each project with its name, description, repositories, status and last update', async () => {
    listAnswer();
    renderProjects('/projects');
    const list = await screen.findByRole('list', { name: 'Proje listesi' });
    const card = within(list).getByRole('article', { name: 'Payments' });
    expect(within(card).getByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      '/projects/p-1',
    );
    expect(card).toHaveTextContent('Card processing');
    expect(card).toHaveTextContent('3 depo');
    expect(card).toHaveTextContent('Aktif');
    expect(card).toHaveTextContent('2 saat önce güncellendi');
    const other = within(list).getByRole('article', { name: 'Legacy CRM' });
    expect(other).toHaveTextContent('Arşivlendi');
    expect(other).toHaveTextContent('Açıklama yok');
    expect(screen.getByRole('status')).toHaveTextContent('2 proje gösteriliyor');
  });

  it('shows skeletons while loading', async () => {
    let release: () => void = () => {};
    let arrived: () => void = () => {};
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    server.use(
      http.get('/api/projects', async () => {
        arrived();
        await new Promise<void>((resolve) => (release = resolve));
        return ok([]);
      }),
    );
    renderProjects('/projects');
    await requested;
    expect(screen.getByLabelText('Yükleniyor…')).toHaveAttribute('aria-busy', 'true');
    act(() => release());
    expect(await screen.findByText('Henüz proje yok')).toBeInTheDocument();
    expect(screen.queryByLabelText('Yükleniyor…')).toBeNull();
  });

  it('reads the filters from the URL, so a reload shows the same list', async () => {
    const { queries } = listAnswer([legacy]);
    renderProjects('/projects?q=crm&status=archived');
    expect(await screen.findByRole('article', { name: 'Legacy CRM' })).toBeInTheDocument();
    expect(queries()).toEqual(['?search=crm&status=archived']);
    expect(screen.getByRole('searchbox', { name: 'Projelerde ara' })).toHaveValue('crm');
    expect(screen.getByRole('combobox', { name: 'Durum' })).toHaveValue('archived');
  });

  it('ignores an unknown status in the URL', async () => {
    const { queries } = listAnswer();
    renderProjects('/projects?status=deleted');
    await screen.findByRole('article', { name: 'Payments' });
    expect(queries()).toEqual(['']);
    expect(screen.getByRole('combobox', { name: 'Durum' })).toHaveValue('all');
  });

  it('searches 300 ms after the last keystroke and keeps the search in the URL', async () => {
    const { queries } = listAnswer();
    const { router } = renderProjects('/projects');
    await screen.findByRole('article', { name: 'Payments' });
    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Projelerde ara' });

    fireEvent.change(box, { target: { value: 'pa' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(box, { target: { value: 'pay ' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(router.state.location.search).toBe('');
    expect(queries()).toEqual(['']);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?q=pay');
    // What is being typed (the trailing space) is left alone.
    expect(box).toHaveValue('pay ');
    vi.useRealTimers();
    await waitFor(() => expect(queries()).toEqual(['', '?search=pay']));
  });

  it('searches at once on Enter', async () => {
    const { queries } = listAnswer();
    const { router } = renderProjects('/projects');
    await screen.findByRole('article', { name: 'Payments' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Projelerde ara' }), 'ödeme{Enter}');
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('ödeme')}`);
    await waitFor(() => expect(queries()).toContain(`?search=${encodeURIComponent('ödeme')}`));
  });

  it('filters by status at once, in the URL; "all" leaves the URL clean', async () => {
    const { queries } = listAnswer();
    const { router } = renderProjects('/projects');
    await screen.findByRole('article', { name: 'Payments' });
    const select = screen.getByRole('combobox', { name: 'Durum' });
    await userEvent.selectOptions(select, 'Pasif');
    expect(router.state.location.search).toBe('?status=inactive');
    await waitFor(() => expect(queries()).toContain('?status=inactive'));
    await userEvent.selectOptions(select, 'Tümü');
    expect(router.state.location.search).toBe('');
  });

  it('without any project, invites to create the first one', async () => {
    listAnswer([]);
    renderProjects('/projects');
    expect(await screen.findByRole('heading', { name: 'Henüz proje yok' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filtreleri temizle' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'İlk projenizi oluşturun' }));
    expect(await screen.findByRole('dialog', { name: 'Yeni proje' })).toBeInTheDocument();
    expect(useUiStore.getState().modals.createProject.open).toBe(true);
  });

  it('when filters match nothing, says so and offers to clear them', async () => {
    const { queries } = listAnswer([]);
    const { router } = renderProjects('/projects?q=zzz&status=inactive');
    expect(await screen.findByRole('heading', { name: 'Eşleşen proje yok' })).toBeInTheDocument();
    expect(screen.getByText(/“zzz” aramasına/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'İlk projenizi oluşturun' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Filtreleri temizle' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Projelerde ara' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Durum' })).toHaveValue('all');
    await waitFor(() => expect(queries()).toEqual(['?search=zzz&status=inactive', '']));
  });

  it('shows a failed load with the fallback message and retries on request', async () => {
    listAnswer();
    // Added last, so asked first; a 4xx, so the client does not retry it by itself.
    server.use(
      http.get('/api/projects', () => errorAnswer(403, 'FORBIDDEN', 'Forbidden'), {
        once: true,
      }),
    );
    renderProjects('/projects');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Projeler yüklenemedi');
    expect(alert).toHaveTextContent('Bunu yapma yetkiniz yok.');
    expect(useUiStore.getState().notifications).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Projeler yüklenemedi',
        description: 'Bunu yapma yetkiniz yok.',
      }),
    ]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('article', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers edit and delete for each project from its menu', async () => {
    listAnswer();
    server.use(projectAnswer(projectFixture({ repos: [] })));
    renderProjects('/projects');
    await userEvent.click(await screen.findByRole('button', { name: 'Payments için işlemler' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sil' }));
    expect(useUiStore.getState().modals.deleteConfirm).toEqual({
      open: true,
      payload: { id: 'p-1', name: 'Payments', repoCount: 3 },
    });
  });

  it('speaks English when the UI does', async () => {
    listAnswer([]);
    const { i18n } = await import('../../../lib/i18n');
    await i18n.changeLanguage('en');
    renderProjects('/projects');
    expect(await screen.findByRole('heading', { name: 'No projects yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New project' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search projects' })).toBeInTheDocument();
  });

  it('says on a failing project’s row what failed and the fix, in Turkish and English', async () => {
    listAnswer();
    server.use(
      http.get('/api/repository-failures', () =>
        ok([
          repoFailureFixture({ projectId: 'p-1', projectName: 'Payments' }),
          repoFailureFixture({
            projectId: 'p-1',
            projectName: 'Payments',
            repoId: 'r-9',
            repository: 'acme/gone',
            source: 'fetch',
            code: 'REPO_NOT_FOUND',
            action: 'checkRepository',
          }),
        ]),
      ),
    );
    renderProjects('/projects');
    const list = await screen.findByRole('list', { name: 'Proje listesi' });
    const card = within(list).getByRole('article', { name: 'Payments' });
    const failure = await within(card).findByTestId('project-failure');
    expect(failure).toHaveTextContent('2 depoda hata var');
    expect(failure).toHaveTextContent('expressjs/express: Depoda “main” dalı yok.');
    expect(
      within(failure).getByRole('link', { name: 'Varsayılan dalı kullan: master' }),
    ).toHaveAttribute('href', '/projects/p-1');
    // The project without failures says nothing about them.
    expect(
      within(within(list).getByRole('article', { name: 'Legacy CRM' })).queryByTestId(
        'project-failure',
      ),
    ).toBeNull();
    await act(() => i18n.changeLanguage('en'));
    expect(failure).toHaveTextContent('2 failing repositories');
    expect(failure).toHaveTextContent('The branch “main” does not exist in the repository.');
    await act(() => i18n.changeLanguage('tr'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../../../test/auth-fixtures';
import {
  memberFixture,
  ok,
  projectAnswer,
  projectFixture,
  recorder,
  repoFixture,
  summaryFixture,
} from '../../../test/project-fixtures';
import { server } from '../../../test/server';
import { renderProjects, resetProjectStores } from './projects-test-utils';

resetProjectStores();

const project = projectFixture({
  id: 'p-1',
  name: 'Payments',
  status: 'active',
  repos: [
    repoFixture({ id: 'r-1', url: 'https://github.com/acme/payments-api', branch: 'develop' }),
    repoFixture({
      id: 'r-2',
      name: 'Ledger',
      repo: 'ledger',
      url: 'https://github.com/acme/ledger',
    }),
  ],
  team_members: [memberFixture()],
});
const otherSummary = summaryFixture({ id: 'p-2', name: 'Mobile', repo_count: 0 });

function serve() {
  const calls = recorder();
  let list = [summaryFixture({ id: 'p-1', name: 'Payments', repo_count: 2 }), otherSummary];
  server.use(
    http.get('/api/projects', () => ok(list)),
    projectAnswer(project),
    http.put('/api/projects/:id', async ({ request }) => {
      await calls.record(request);
      const body = (await request.json()) as Record<string, unknown>;
      const saved = {
        ...project,
        ...body,
        updated_at: '2025-09-01T00:00:00Z',
        repos: [...project.repos, repoFixture({ id: 'r-3', repo: 'web', owner: 'acme' })],
      };
      list = [{ ...list[0]!, name: saved.name, status: saved.status, repo_count: 3 }, otherSummary];
      return ok(saved);
    }),
    http.delete('/api/projects/:id', async ({ request, params }) => {
      await calls.record(request);
      list = list.filter((p) => p.id !== params.id);
      return ok({ id: params.id, deleted: true });
    }),
  );
  return calls.calls;
}

async function openFromMenu(item: 'Düzenle' | 'Sil') {
  await userEvent.click(await screen.findByRole('button', { name: 'Payments için işlemler' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('edit project modal', () => {
  it('loads the project, changes its status and adds a repository', async () => {
    const calls = serve();
    renderProjects('/projects');
    await openFromMenu('Düzenle');
    const dialog = await screen.findByRole('dialog', { name: 'Payments projesini düzenle' });
    const name = await within(dialog).findByLabelText('Proje adı');
    expect(name).toHaveValue('Payments');
    expect(within(dialog).getByLabelText('Durum')).toHaveAccessibleDescription(
      /Arşivlenen projeler okunabilir kalır/,
    );
    expect(within(screen.getByTestId('repo-row-0')).getByLabelText('Dal')).toHaveValue('develop');
    expect(
      within(screen.getByTestId('repo-row-1')).getByLabelText('Görünen ad (isteğe bağlı)'),
    ).toHaveValue('Ledger');

    await userEvent.selectOptions(within(dialog).getByLabelText('Durum'), 'Arşivlendi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    await userEvent.type(
      within(screen.getByTestId('repo-row-2')).getByLabelText('Depo adresi'),
      'https://github.com/acme/web',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Değişiklikleri kaydet' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.method).toBe('PUT');
    expect(calls[0]?.url.pathname).toBe('/api/projects/p-1');
    expect(calls[0]?.body).toEqual({
      name: 'Payments',
      description: 'Card processing',
      review_prompt: null,
      status: 'archived',
      publish_reviews: false,
      repos: [
        { url: 'https://github.com/acme/payments-api', branch: 'develop' },
        { url: 'https://github.com/acme/ledger', branch: 'main', name: 'Ledger' },
        { url: 'https://github.com/acme/web' },
      ],
    });
    expect(await screen.findByText('Payments güncellendi')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const card = screen.getByRole('article', { name: 'Payments' });
    await waitFor(() => expect(card).toHaveTextContent('Arşivlendi'));
    expect(card).toHaveTextContent('3 depo');
  });

  it('turns publishing reviews to GitHub on, with a hint saying what it posts and needs', async () => {
    const calls = serve();
    renderProjects('/projects');
    await openFromMenu('Düzenle');
    const dialog = await screen.findByRole('dialog', { name: 'Payments projesini düzenle' });
    const publish = await within(dialog).findByRole('checkbox', {
      name: "Rota'nın incelemelerini GitHub'a yayınla",
    });
    expect(publish).not.toBeChecked();
    expect(publish).toHaveAccessibleDescription(/yazma yetkisi/);
    expect(publish).toHaveAccessibleDescription(/commit durumu/);
    await userEvent.click(publish);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Değişiklikleri kaydet' }));

    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ publish_reviews: true, status: 'active' });
  });

  it('shows publishing as on for a project that publishes, and turns it off', async () => {
    const calls = serve();
    server.use(projectAnswer({ ...project, publish_reviews: true }));
    renderProjects('/projects');
    await openFromMenu('Düzenle');
    const dialog = await screen.findByRole('dialog', { name: 'Payments projesini düzenle' });
    const publish = await within(dialog).findByRole('checkbox', {
      name: "Rota'nın incelemelerini GitHub'a yayınla",
    });
    expect(publish).toBeChecked();
    await userEvent.click(publish);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Değişiklikleri kaydet' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ publish_reviews: false });
  });

  it('shows every broken rule at once when editing, and sends nothing', async () => {
    const calls = serve();
    renderProjects('/projects');
    await openFromMenu('Düzenle');
    const dialog = await screen.findByRole('dialog', { name: 'Payments projesini düzenle' });
    const name = await within(dialog).findByLabelText('Proje adı');
    await userEvent.clear(name);
    await userEvent.type(name, 'P');
    const url = within(screen.getByTestId('repo-row-1')).getByLabelText('Depo adresi');
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://example.com/ledger');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Değişiklikleri kaydet' }));

    expect(name).toHaveAccessibleDescription('Proje adı en az 2 karakter olmalıdır');
    expect(url).toHaveAccessibleDescription('Geçersiz depo adresi');
    expect(calls).toEqual([]);
  });

  it('shows the update fallback when saving fails', async () => {
    serve();
    server.use(
      http.put('/api/projects/:id', () => errorAnswer(404, 'NOT_FOUND', 'Project not found')),
    );
    renderProjects('/projects');
    await openFromMenu('Düzenle');
    const dialog = await screen.findByRole('dialog', { name: 'Payments projesini düzenle' });
    await within(dialog).findByLabelText('Proje adı');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Değişiklikleri kaydet' }));
    const alert = await within(dialog).findByTestId('project-form-error');
    expect(alert).toHaveTextContent('Proje güncellenemedi');
    expect(alert).toHaveTextContent('Proje bulunamadı');
  });
});

describe('delete confirmation', () => {
  it('names the project and what goes with it; cancel deletes nothing', async () => {
    const calls = serve();
    renderProjects('/projects');
    await openFromMenu('Sil');
    const dialog = await screen.findByRole('dialog', { name: 'Projeyi sil' });
    expect(dialog).toHaveAccessibleDescription(
      'Payments projesi kalıcı olarak silinecek. Bu işlem geri alınamaz.',
    );
    expect(within(dialog).getByTestId('delete-repos')).toHaveTextContent('2 depo bağlantısı');
    await waitFor(() =>
      expect(within(dialog).getByTestId('delete-members')).toHaveTextContent('1 ekip üyesi'),
    );
    expect(dialog).toHaveTextContent('Projenin analizleri ve incelemeleri');
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Vazgeç' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
    expect(screen.getByRole('article', { name: 'Payments' })).toBeInTheDocument();
  });

  it('deletes on confirmation, removes the project from the list and says so', async () => {
    const calls = serve();
    renderProjects('/projects');
    await openFromMenu('Sil');
    const dialog = await screen.findByRole('dialog', { name: 'Projeyi sil' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Projeyi sil' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
        'DELETE /api/projects/p-1',
      ]),
    );
    expect(await screen.findByText('Payments silindi')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Payments' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Mobile' })).toBeInTheDocument();
  });

  it('keeps the project and shows the delete fallback when the server refuses', async () => {
    serve();
    server.use(http.delete('/api/projects/:id', () => errorAnswer(403, 'FORBIDDEN', 'Forbidden')));
    renderProjects('/projects');
    await openFromMenu('Sil');
    const dialog = await screen.findByRole('dialog', { name: 'Projeyi sil' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Projeyi sil' }));
    expect(await screen.findByText('Proje silinemedi')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Behind the open dialog the page is hidden from assistive technology, but still there.
    expect(screen.getByRole('article', { name: 'Payments', hidden: true })).toBeInTheDocument();
  });
});

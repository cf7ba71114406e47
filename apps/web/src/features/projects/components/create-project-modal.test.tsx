import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { errorAnswer } from '../../../test/auth-fixtures';
import {
  ok,
  projectAnswer,
  projectFixture,
  recorder,
  repoFixture,
} from '../../../test/project-fixtures';
import { server } from '../../../test/server';
import { useUiStore } from '../../../lib/ui-store';
import { renderProjects, resetProjectStores } from './projects-test-utils';

resetProjectStores();

const created = projectFixture({
  id: 'p-new',
  name: 'Checkout',
  team_members: [],
  repos: [
    repoFixture({ id: 'r-1', project_id: 'p-new' }),
    repoFixture({ id: 'r-2', project_id: 'p-new', provider: 'gitlab', owner: 'acme/web' }),
  ],
});

/** The list page with no projects and a POST /api/projects answered by `answer`. */
async function openCreateModal(answer: Parameters<typeof http.post>[1] = () => ok(created, 201)) {
  const posts = recorder();
  server.use(
    http.get('/api/projects', () => ok([])),
    projectAnswer(created),
    http.post('/api/projects', async (info) => {
      await posts.record(info.request);
      return answer(info);
    }),
  );
  const view = renderProjects('/projects');
  await userEvent.click(await screen.findByRole('button', { name: 'Yeni proje' }));
  const dialog = await screen.findByRole('dialog', { name: 'Yeni proje' });
  return { ...view, dialog, posts: posts.calls };
}

const row = (index: number) => screen.getByTestId(`repo-row-${index}`);
const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: 'Projeyi oluştur' }));

describe('create project modal', () => {
  it('opens on the name field, is labelled, and Escape closes it', async () => {
    const { dialog } = await openCreateModal();
    expect(dialog).toHaveAccessibleDescription('Projeye bir ad verin ve depolarını ekleyin.');
    expect(within(dialog).getByLabelText('Proje adı')).toHaveFocus();
    // The review prompt says what it is for.
    expect(within(dialog).getByLabelText('İnceleme talimatı')).toHaveAccessibleDescription(
      /Rota bu projenin çekme isteklerini incelerken bu talimata uyar/,
    );
    // Status is for editing; a new project starts active.
    expect(within(dialog).queryByLabelText('Durum')).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps what was typed when Escape or a click outside closes it; Cancel discards it', async () => {
    const { dialog } = await openCreateModal();
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Ödeme');
    await userEvent.type(within(dialog).getByLabelText('Açıklama'), 'Kart işlemleri');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Yeni proje' }));
    let again = await screen.findByRole('dialog', { name: 'Yeni proje' });
    expect(within(again).getByLabelText('Proje adı')).toHaveValue('Ödeme');
    expect(within(again).getByLabelText('Açıklama')).toHaveValue('Kart işlemleri');
    expect(within(again).getByTestId('project-form-draft')).toHaveTextContent(
      'yazdıklarınız geri getirildi',
    );

    // A click on the overlay, outside the dialog, keeps it too.
    const overlay = document.querySelector<HTMLElement>('.fixed.inset-0.z-40')!;
    await userEvent.pointer({ keys: '[MouseLeft]', target: overlay });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Yeni proje' }));
    again = await screen.findByRole('dialog', { name: 'Yeni proje' });
    expect(within(again).getByLabelText('Proje adı')).toHaveValue('Ödeme');

    await userEvent.click(within(again).getByRole('button', { name: 'Vazgeç' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yeni proje' }));
    again = await screen.findByRole('dialog', { name: 'Yeni proje' });
    expect(within(again).getByLabelText('Proje adı')).toHaveValue('');
    expect(within(again).queryByTestId('project-form-draft')).toBeNull();
  });

  it('shows spec §5 messages on the name and on the repository row, and sends nothing', async () => {
    const { dialog, posts } = await openCreateModal();
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'a');
    await submit(dialog);
    expect(within(dialog).getByLabelText('Proje adı')).toHaveAccessibleDescription(
      'Proje adı en az 2 karakter olmalıdır',
    );
    expect(within(row(0)).getByLabelText('Depo adresi')).toHaveAccessibleDescription(
      'Geçersiz depo adresi',
    );
    expect(within(dialog).getByLabelText('Proje adı')).toHaveFocus();
    expect(posts).toEqual([]);
  });

  it('shows every broken rule on the first submit: a one-letter name, a bad URL and branch', async () => {
    const { dialog, posts } = await openCreateModal();
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'a');
    await userEvent.type(within(row(0)).getByLabelText('Depo adresi'), 'not a url');
    const branch = within(row(0)).getByLabelText('Dal');
    await userEvent.clear(branch);
    await userEvent.type(branch, 'feature..x');
    await submit(dialog);

    expect(within(dialog).getByLabelText('Proje adı')).toHaveAccessibleDescription(
      'Proje adı en az 2 karakter olmalıdır',
    );
    expect(within(row(0)).getByLabelText('Depo adresi')).toHaveAccessibleDescription(
      'Geçersiz depo adresi',
    );
    expect(within(row(0)).getByLabelText('Dal')).toHaveAccessibleDescription(/Geçersiz dal adı/);
    expect(posts).toEqual([]);
  });

  it('validates each repository row on its own: URL, branch and duplicates', async () => {
    const { dialog, posts } = await openCreateModal();
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.type(
      within(row(0)).getByLabelText('Depo adresi'),
      'https://github.com/acme/api',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    await userEvent.type(within(row(1)).getByLabelText('Depo adresi'), 'ftp://example.com/x');
    const branch = within(row(1)).getByLabelText('Dal');
    await userEvent.clear(branch);
    await userEvent.type(branch, 'feature..x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    await userEvent.type(
      within(row(2)).getByLabelText('Depo adresi'),
      'git@github.com:ACME/api.git',
    );
    await submit(dialog);

    expect(within(row(0)).queryByText(/Geçersiz|zaten/)).toBeNull();
    expect(within(row(1)).getByLabelText('Depo adresi')).toHaveAccessibleDescription(
      'Geçersiz depo adresi',
    );
    expect(within(row(1)).getByLabelText('Dal')).toHaveAccessibleDescription(/Geçersiz dal adı/);
    expect(within(row(2)).getByLabelText('Depo adresi')).toHaveAccessibleDescription(
      'Bu depo projede zaten var',
    );
    expect(posts).toEqual([]);
  });

  it('sends the create payload, no branch meaning the default one, then confirms and opens the project', async () => {
    const { dialog, posts, router } = await openCreateModal();
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), '  Checkout ');
    await userEvent.type(within(dialog).getByLabelText('Açıklama'), 'Web checkout');
    await userEvent.type(
      within(dialog).getByLabelText('İnceleme talimatı'),
      'Line one{Enter}Line two',
    );
    // Empty, and said to mean the repository's default branch (express and gin name it master).
    expect(within(row(0)).getByLabelText('Dal')).toHaveValue('');
    expect(within(row(0)).getByLabelText('Dal')).toHaveAccessibleDescription(
      /Deponun varsayılan dalı için boş bırakın/,
    );
    await userEvent.type(
      within(row(0)).getByLabelText('Depo adresi'),
      'https://github.com/acme/payments-api',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    // The new row takes focus, so keyboard users continue there.
    expect(within(row(1)).getByLabelText('Depo adresi')).toHaveFocus();
    await userEvent.type(
      within(row(1)).getByLabelText('Depo adresi'),
      'https://gitlab.com/acme/web/-/tree/release/2.0',
    );
    // A browser URL naming a branch fills the untouched branch field.
    expect(within(row(1)).getByLabelText('Dal')).toHaveValue('release/2.0');
    await userEvent.type(within(row(1)).getByLabelText('Görünen ad (isteğe bağlı)'), 'Storefront');
    await submit(dialog);

    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toEqual({
      name: 'Checkout',
      description: 'Web checkout',
      review_prompt: 'Line one\nLine two',
      repos: [
        { url: 'https://github.com/acme/payments-api' },
        {
          url: 'https://gitlab.com/acme/web/-/tree/release/2.0',
          branch: 'release/2.0',
          name: 'Storefront',
        },
      ],
    });
    expect(await screen.findByText('Checkout oluşturuldu')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/p-new'));
  });

  it('can remove repository rows, down to none', async () => {
    const { dialog, posts } = await openCreateModal();
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'No repos yet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo 1 satırını kaldır' }));
    expect(within(dialog).getByText('Henüz depo eklenmedi.')).toBeInTheDocument();
    await submit(dialog);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]?.body).toMatchObject({ name: 'No repos yet', repos: [] });
  });

  it('disables submitting while the save runs', async () => {
    const { dialog } = await openCreateModal(async () => {
      await delay(150);
      return ok(created, 201);
    });
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo 1 satırını kaldır' }));
    await submit(dialog);
    const saving = within(dialog).getByRole('button', { name: 'Kaydediliyor…' });
    expect(saving).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Vazgeç' })).toBeDisabled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts a server 400 on the named repository row's field", async () => {
    const { dialog } = await openCreateModal(() =>
      errorAnswer(400, 'VALIDATION_ERROR', 'Invalid repository URL', [
        { path: 'repos.1.url', message: 'Invalid repository URL' },
      ]),
    );
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.type(within(row(0)).getByLabelText('Depo adresi'), 'https://github.com/a/b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    await userEvent.type(within(row(1)).getByLabelText('Depo adresi'), '/srv/git/local.git');
    await submit(dialog);

    const url = within(row(1)).getByLabelText('Depo adresi');
    await waitFor(() => expect(url).toHaveAccessibleDescription('Geçersiz depo adresi'));
    expect(url).toHaveFocus();
    expect(within(row(0)).getByLabelText('Depo adresi')).not.toHaveAccessibleDescription();
    // Placed on its field, so no form-level alert; the toast still says what failed.
    expect(within(dialog).queryByTestId('project-form-error')).toBeNull();
    expect(await screen.findByText('Proje oluşturulamadı')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('puts each entry of a server 400 on its own field, all at once', async () => {
    // What only the server knows (here: it refuses local paths) arrives with the other entries.
    const { dialog } = await openCreateModal(() =>
      errorAnswer(400, 'VALIDATION_ERROR', 'Invalid repository URL', [
        { path: 'repos.0.url', message: 'Invalid repository URL' },
        { path: 'repos.1.url', message: 'Invalid repository URL' },
      ]),
    );
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.type(within(row(0)).getByLabelText('Depo adresi'), '/srv/git/one.git');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    await userEvent.type(within(row(1)).getByLabelText('Depo adresi'), 'file:///srv/git/two.git');
    await submit(dialog);

    for (const index of [0, 1]) {
      await waitFor(() =>
        expect(within(row(index)).getByLabelText('Depo adresi')).toHaveAccessibleDescription(
          'Geçersiz depo adresi',
        ),
      );
    }
    expect(within(row(0)).getByLabelText('Depo adresi')).toHaveFocus();
  });

  it('puts a server 409 duplicate on the repeated row', async () => {
    const { dialog } = await openCreateModal(() =>
      errorAnswer(409, 'CONFLICT', 'This repository is already in the project', [
        { path: 'repos.1.url', message: 'This repository is already in the project' },
      ]),
    );
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.type(within(row(0)).getByLabelText('Depo adresi'), 'https://example.com/a/b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Depo ekle' }));
    await userEvent.type(within(row(1)).getByLabelText('Depo adresi'), 'https://example.com/a/b/');
    await submit(dialog);
    await waitFor(() =>
      expect(within(row(1)).getByLabelText('Depo adresi')).toHaveAccessibleDescription(
        'Bu depo projede zaten var',
      ),
    );
  });

  it('shows an error no field can hold above the form, with the fallback in a toast', async () => {
    const { dialog } = await openCreateModal(() =>
      errorAnswer(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large'),
    );
    await userEvent.type(within(dialog).getByLabelText('Proje adı'), 'Checkout');
    await userEvent.type(within(row(0)).getByLabelText('Depo adresi'), 'https://github.com/a/b');
    await submit(dialog);
    const alert = await within(dialog).findByTestId('project-form-error');
    expect(alert).toHaveTextContent('Proje oluşturulamadı');
    expect(alert).toHaveTextContent('Gönderilen veri çok büyük.');
    expect(useUiStore.getState().notifications).toEqual([
      expect.objectContaining({
        type: 'error',
        title: 'Proje oluşturulamadı',
        description: 'Gönderilen veri çok büyük.',
      }),
    ]);
  });
});

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
} from '../../../test/project-fixtures';
import { server } from '../../../test/server';
import { useUiStore } from '../../../lib/ui-store';
import { repoFailureFixture } from '../../../test/analytics-fixtures';
import { useProjectStore } from '../project-store';
import { renderProjects, resetProjectStores } from './projects-test-utils';

resetProjectStores();

const project = projectFixture({
  id: 'p-1',
  name: 'Payments',
  description: 'Card processing',
  review_prompt: 'Watch the money paths',
  status: 'inactive',
  repos: [
    repoFixture({ id: 'r-1', owner: 'acme', repo: 'payments-api', name: 'payments-api' }),
    repoFixture({
      id: 'r-2',
      provider: 'gitlab',
      owner: 'acme/platform',
      repo: 'ledger',
      name: 'Ledger service',
      url: 'ssh://git@gitlab.com/acme/platform/ledger.git',
      branch: 'develop',
    }),
    repoFixture({
      id: 'r-3',
      provider: 'git',
      owner: 'git.example.org',
      repo: 'tools',
      name: 'tools',
      url: 'ssh://git.example.org/tools.git',
    }),
  ],
  team_members: [
    memberFixture({ id: 'm-1', name: 'Ayşe Kaya', role: 'Tech lead', contributions: 12 }),
  ],
});

function serve() {
  const calls = recorder();
  server.use(
    projectAnswer(project),
    http.get('/api/projects', () => ok([])),
    http.post('/api/projects/:id/members', async ({ request }) => {
      await calls.record(request);
      const body = (await request.json()) as { name: string; role?: string | null };
      return ok(
        memberFixture({
          id: 'm-2',
          name: body.name,
          role: body.role ?? null,
          contributions: 0,
          github_login: null,
        }),
        201,
      );
    }),
    http.delete('/api/projects/:id/members/:memberId', async ({ request, params }) => {
      await calls.record(request);
      return ok({ id: params.memberId, deleted: true });
    }),
  );
  return calls.calls;
}

describe('project detail page', () => {
  it('shows the header, and only the tabs that have content', async () => {
    serve();
    renderProjects('/projects/p-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByText('Card processing')).toBeInTheDocument();
    expect(screen.getByText('Pasif')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Düzenle' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sil' })).toBeInTheDocument();
    const tablist = screen.getByRole('tablist', { name: 'Proje görünümleri' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Genel bakış']);
    expect(screen.getByRole('tabpanel', { name: 'Genel bakış' })).toHaveTextContent(
      'Watch the money paths',
    );
    expect(useProjectStore.getState().currentProjectId).toBe('p-1');
  });

  it('lists repositories with provider, owner/repo, branch, and links only where a web page exists', async () => {
    serve();
    renderProjects('/projects/p-1');
    const section = await screen.findByRole('region', { name: /Depolar/ });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const github = within(items[0]!).getByRole('link', { name: /acme\/payments-api/ });
    expect(github).toHaveAttribute('href', 'https://github.com/acme/payments-api');
    expect(github).toHaveAttribute('target', '_blank');
    expect(github).toHaveAttribute('rel', 'noopener noreferrer');
    expect(items[0]).toHaveTextContent('GitHub:');
    expect(items[0]).toHaveTextContent('main');

    // Added over ssh, but GitLab's page is still known.
    expect(within(items[1]!).getByRole('link', { name: /acme\/platform\/ledger/ })).toHaveAttribute(
      'href',
      'https://gitlab.com/acme/platform/ledger',
    );
    expect(items[1]).toHaveTextContent('Ledger service');
    expect(items[1]).toHaveTextContent('develop');

    // Another git host: shown with its address, not linked.
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(items[2]).toHaveTextContent('git.example.org/tools');
    expect(items[2]).toHaveTextContent('ssh://git.example.org/tools.git');
  });

  /**
   * The add-member form arrives after the page (add-member.tsx): until then a read-only stand-in
   * holds its place. Reaching one of its fields fetches the form at once, and the focus stays there.
   */
  async function memberFormReady(team: HTMLElement, field = 'Ad') {
    await userEvent.click(within(team).getByLabelText(field));
    await waitFor(() => expect(within(team).getByLabelText(field)).not.toHaveAttribute('readonly'));
    expect(within(team).getByLabelText(field)).toHaveFocus();
  }

  it('paints a read-only stand-in for the add-member form, which takes over where the user is', async () => {
    serve();
    renderProjects('/projects/p-1');
    const team = await screen.findByRole('region', { name: /Ekip/ });
    const form = within(team).getByRole('form', { name: 'Ekibe üye ekle' });
    expect(form).toHaveAttribute('aria-busy', 'true');
    expect(within(team).getByLabelText('Rol')).toHaveAttribute('readonly');

    await memberFormReady(team, 'Rol');
    expect(within(team).getByRole('form', { name: 'Ekibe üye ekle' })).not.toHaveAttribute(
      'aria-busy',
    );
    await userEvent.keyboard('QA');
    expect(within(team).getByLabelText('Rol')).toHaveValue('QA');
    expect(within(team).getByRole('button', { name: 'Üye ekle' })).toBeEnabled();
  });

  it('pressing "add" on the stand-in brings the form with the name field to fill, and sends nothing', async () => {
    const calls = serve();
    renderProjects('/projects/p-1');
    const team = await screen.findByRole('region', { name: /Ekip/ });
    expect(within(team).getByLabelText('Ad')).toHaveAttribute('readonly');
    await userEvent.click(within(team).getByRole('button', { name: 'Üye ekle' }));
    await waitFor(() => expect(within(team).getByLabelText('Ad')).not.toHaveAttribute('readonly'));
    expect(within(team).getByLabelText('Ad')).toHaveFocus();
    expect(within(team).getByLabelText('Ad')).not.toHaveAccessibleDescription('Üye adı zorunludur');
    expect(calls).toEqual([]);
  });

  it('adds a team member, validating the name first', async () => {
    const calls = serve();
    renderProjects('/projects/p-1');
    const team = await screen.findByRole('region', { name: /Ekip/ });
    await memberFormReady(team);
    const member = within(within(team).getByRole('list', { name: 'Ekip üyeleri' })).getByRole(
      'listitem',
    );
    expect(member).toHaveTextContent('Ayşe Kaya');
    expect(member).toHaveTextContent('Tech lead');
    expect(member).toHaveTextContent('12 katkı');
    expect(within(member).getByRole('link', { name: /@aysekaya/ })).toHaveAttribute(
      'href',
      'https://github.com/aysekaya',
    );

    await userEvent.click(within(team).getByRole('button', { name: 'Üye ekle' }));
    expect(within(team).getByLabelText('Ad')).toHaveAccessibleDescription('Üye adı zorunludur');
    await userEvent.type(within(team).getByLabelText('GitHub kullanıcı adı'), '-bad-');
    await userEvent.type(within(team).getByLabelText('Ad'), 'Mehmet Öz');
    await userEvent.click(within(team).getByRole('button', { name: 'Üye ekle' }));
    expect(within(team).getByLabelText('GitHub kullanıcı adı')).toHaveAccessibleDescription(
      'Geçersiz GitHub kullanıcı adı',
    );
    expect(calls).toEqual([]);

    await userEvent.clear(within(team).getByLabelText('GitHub kullanıcı adı'));
    await userEvent.type(within(team).getByLabelText('Rol'), 'QA');
    await userEvent.click(within(team).getByRole('button', { name: 'Üye ekle' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url.pathname).toBe('/api/projects/p-1/members');
    expect(calls[0]?.body).toEqual({ name: 'Mehmet Öz', role: 'QA', github_login: null });
    expect(await within(team).findByText('Mehmet Öz')).toBeInTheDocument();
    expect(screen.getByText('Mehmet Öz ekibe eklendi')).toBeInTheDocument();
    expect(within(team).getByLabelText('Ad')).toHaveValue('');
    expect(within(team).getByLabelText('Ad')).toHaveFocus();
  });

  it('shows the server message on the field when adding a member fails', async () => {
    serve();
    server.use(
      http.post('/api/projects/:id/members', () =>
        errorAnswer(400, 'VALIDATION_ERROR', 'Member name is required', [
          { path: 'name', message: 'Member name is required' },
        ]),
      ),
    );
    renderProjects('/projects/p-1');
    const team = await screen.findByRole('region', { name: /Ekip/ });
    await memberFormReady(team);
    await userEvent.type(within(team).getByLabelText('Ad'), 'X');
    await userEvent.click(within(team).getByRole('button', { name: 'Üye ekle' }));
    await waitFor(() =>
      expect(within(team).getByLabelText('Ad')).toHaveAccessibleDescription('Üye adı zorunludur'),
    );
    expect(await screen.findByText('Üye eklenemedi')).toBeInTheDocument();
  });

  it('removes a team member after confirmation, and not before', async () => {
    const calls = serve();
    renderProjects('/projects/p-1');
    const team = await screen.findByRole('region', { name: /Ekip/ });
    await userEvent.click(
      within(team).getByRole('button', { name: 'Ayşe Kaya adlı üyeyi ekipten çıkar' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Üyeyi ekipten çıkar' });
    expect(dialog).toHaveAccessibleDescription('Ayşe Kaya bu projenin ekibinden çıkarılacak.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    expect(calls).toEqual([]);
    expect(within(team).getByText('Ayşe Kaya')).toBeInTheDocument();

    await userEvent.click(
      within(team).getByRole('button', { name: 'Ayşe Kaya adlı üyeyi ekipten çıkar' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Üyeyi ekipten çıkar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ekipten çıkar' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
        'DELETE /api/projects/p-1/members/m-1',
      ]),
    );
    await waitFor(() => expect(within(team).queryByText('Ayşe Kaya')).toBeNull());
    expect(within(team).getByText('Henüz ekip üyesi eklenmedi.')).toBeInTheDocument();
  });

  it('says clearly when the project does not exist, with a way back', async () => {
    serve();
    const { router } = renderProjects('/projects/no-such-id');
    expect(await screen.findByRole('heading', { name: 'Proje bulunamadı' })).toBeInTheDocument();
    // Its own page state, not also a failure toast.
    expect(useUiStore.getState().notifications).toEqual([]);
    await userEvent.click(screen.getByRole('link', { name: 'Projelere dön' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
  });

  it('shows other load failures with the fetch fallback and a retry', async () => {
    serve();
    server.use(
      http.get('/api/projects/:id', () => errorAnswer(403, 'FORBIDDEN', 'Forbidden'), {
        once: true,
      }),
    );
    renderProjects('/projects/p-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Proje yüklenemedi');
    expect(useUiStore.getState().notifications).toEqual([
      expect.objectContaining({ type: 'error', title: 'Proje yüklenemedi' }),
    ]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payments' })).toBeInTheDocument();
  });

  it('after deleting, goes back to the list without asking for the deleted project again', async () => {
    serve();
    const seen = recorder();
    const deletes = recorder();
    server.use(
      http.get('/api/projects/:id', async ({ request }) => {
        await seen.record(request);
        return ok(project);
      }),
      http.delete('/api/projects/:id', async ({ request }) => {
        await deletes.record(request);
        return ok({ id: 'p-1', deleted: true });
      }),
    );
    const { router } = renderProjects('/projects/p-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projeyi sil' });
    expect(within(dialog).getByTestId('delete-repos')).toHaveTextContent('3 depo bağlantısı');
    expect(within(dialog).getByTestId('delete-members')).toHaveTextContent('1 ekip üyesi');
    const readsBefore = seen.calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Projeyi sil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(deletes.calls).toHaveLength(1);
    expect(seen.calls).toHaveLength(readsBefore);
    expect(useProjectStore.getState().currentProjectId).toBeNull();
  });

  it('opens the edit modal from the header with the project loaded', async () => {
    serve();
    renderProjects('/projects/p-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payments projesini düzenle' });
    expect(within(dialog).getByLabelText('Durum')).toHaveValue('inactive');
    expect(within(dialog).getAllByLabelText('Depo adresi')).toHaveLength(3);
  });

  it('opens the Overview with what failed; one click switches a missing branch to the default', async () => {
    serve();
    const puts = recorder();
    let switched = false;
    server.use(
      http.get('/api/repository-failures', ({ request }) => {
        expect(new URL(request.url).searchParams.get('project_id')).toBe('p-1');
        return ok(
          switched
            ? []
            : [
                repoFailureFixture({
                  projectId: 'p-1',
                  repoId: 'r-2',
                  repository: 'ssh://git@gitlab.com/acme/platform/ledger.git',
                  branch: 'develop',
                  defaultBranch: 'master',
                }),
                repoFailureFixture({
                  projectId: 'p-1',
                  repoId: 'r-1',
                  repository: 'acme/payments-api',
                  source: 'sync',
                  code: 'GITHUB_NOT_CONNECTED',
                  action: 'connectGitHub',
                }),
              ],
        );
      }),
      http.put('/api/projects/:id', async ({ request }) => {
        await puts.record(request);
        switched = true;
        return ok(project);
      }),
    );
    renderProjects('/projects/p-1');
    const failures = await screen.findByTestId('project-failures');
    const items = within(failures).getAllByTestId('repo-failure-item');
    expect(items[0]).toHaveTextContent('Depoda “develop” dalı yok.');
    expect(
      within(items[1]!).getByRole('link', { name: "Ayarlar'dan GitHub'ı bağla" }),
    ).toHaveAttribute('href', '/settings');
    // No "analyse again": a missing branch fails the same way again.
    expect(within(failures).queryByRole('button', { name: 'Yeniden analiz et' })).toBeNull();
    await userEvent.click(
      within(items[0]!).getByRole('button', { name: 'Varsayılan dalı kullan: master' }),
    );
    await waitFor(() => expect(screen.queryByTestId('project-failures')).toBeNull());
    expect(puts.calls[0]!.body).toMatchObject({
      repos: [
        { url: project.repos[0]!.url, branch: project.repos[0]!.branch },
        { url: 'ssh://git@gitlab.com/acme/platform/ledger.git', branch: 'master' },
        { url: project.repos[2]!.url, branch: project.repos[2]!.branch },
      ],
    });
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { resetProjectStores } from '../../features/projects/components/projects-test-utils';
import {
  analysisAnswers,
  analysisReady,
  branchAnalysisFixture,
  entryFixture,
  jobFixture,
} from '../../test/analysis-fixtures';
import { ok, projectAnswer, projectFixture, repoFixture } from '../../test/project-fixtures';
import { pullRequestListFixture, pullRequestsAnswer } from '../../test/pull-request-fixtures';
import { renderRoutes } from '../../test/render';
import { analyticsFixture } from '../../test/analytics-fixtures';
import { server } from '../../test/server';
import { ProjectDetailRoute } from './project-detail-route';

resetProjectStores();

const render = (path = '/projects/p-1') =>
  renderRoutes([{ path: '/projects/:id', element: <ProjectDetailRoute /> }], path);

describe('project page with the analyses and pull requests', () => {
  it('adds the pull requests tab, the analytics tab, the working agreements tab, the four analysis tabs, the chat notifications tab and the full report link when the project has repositories', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
    );
    render();
    const tablist = await screen.findByRole('tablist', { name: 'Proje görünümleri' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Genel bakış',
      'Çekme istekleri',
      'İncelemeler',
      'Analitik',
      'Çalışma anlaşmaları',
      'Dallar',
      'README',
      'Yapı',
      'Diyagram',
      'Sohbet bildirimleri',
    ]);
    expect(screen.getByRole('link', { name: 'Tam rapor' })).toHaveAttribute(
      'href',
      '/analyze-full/p-1',
    );
  });

  it("the project's edit modal links to the working agreements' editor", async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
    );
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Düzenle' }));
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('link', { name: 'Anlaşmaları düzenle' });
    await userEvent.click(link);
    expect(router.state.location.search).toBe('?tab=agreements&edit=agreements');
    expect(screen.queryByRole('dialog', { name: /projesini düzenle/ })).not.toBeInTheDocument();
  });

  it('names the browser tab after the shown tab and the project, in the UI language', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1', name: 'Ödeme sistemi' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
    );
    render('/projects/p-1?tab=readme');
    await screen.findByRole('tablist', { name: 'Proje görünümleri' });
    expect(document.title).toBe('README · Ödeme sistemi · Rota');
    await userEvent.click(screen.getByRole('tab', { name: 'Dallar' }));
    expect(document.title).toBe('Dallar · Ödeme sistemi · Rota');
  });

  it('reads each analysis once for the Overview, whose headline opens its tab in the address', async () => {
    let reads = 0;
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      // The first handler that matches answers: this one before the defaults.
      http.get('/api/projects/p-1/branch-analysis', () => {
        reads += 1;
        return analysisReady('branches', [entryFixture(branchAnalysisFixture())]);
      }),
      ...analysisAnswers(),
    );
    const { router } = render();
    const headline = await screen.findByTestId('headline-branches');
    await within(headline).findByText('4 dal');
    expect(reads).toBe(1);
    await userEvent.click(within(headline).getByRole('link', { name: 'Dallar' }));
    expect(await screen.findAllByTestId('branch-row')).toHaveLength(4);
    expect(router.state.location.search).toBe('?tab=branches');
    expect(screen.getByRole('tab', { name: 'Dallar' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opens the analytics tab from the address (?tab=analytics)', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
      http.get('/api/projects/p-1/analytics', () => ok(analyticsFixture())),
    );
    render('/projects/p-1?tab=analytics');
    expect(await screen.findByRole('tab', { name: 'Analitik' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The tab is its own lazy chunk: give it time to load.
    expect(
      await screen.findByRole('heading', { name: 'Akış süreleri' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 30_000);

  it('opens the pull requests tab from the address (?tab=pull-requests)', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
      pullRequestsAnswer(pullRequestListFixture()),
    );
    render('/projects/p-1?tab=pull-requests');
    expect(await screen.findByRole('tab', { name: 'Çekme istekleri' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The tab is its own lazy chunk: give it time to load.
    const link = await screen.findByRole(
      'link',
      { name: /#42 Retry card captures on timeouts/ },
      { timeout: 15_000 },
    );
    expect(link).toHaveAttribute('href', 'https://github.com/acme/payments-api/pull/42');
    expect(screen.getByRole('region', { name: 'Eşitleme' })).toBeInTheDocument();
  }, 30_000);

  it('opens the chat notifications tab from the address (?tab=chat)', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
      http.get('/api/projects/p-1/chat-destinations', () => ok([])),
    );
    render('/projects/p-1?tab=chat');
    expect(await screen.findByRole('tab', { name: 'Sohbet bildirimleri' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // The section is its own lazy chunk: give it time to load.
    expect(
      await screen.findByText('Henüz bir sohbet kanalı eklenmedi.', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  }, 30_000);

  it('points a project without repositories to adding one, with no analysis or pull request tabs', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1', name: 'Empty', repos: [] })),
      http.get('/api/projects', () => ok([])),
    );
    render();
    expect(await screen.findByRole('heading', { name: 'Henüz analiz yok' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Genel bakış',
      'Sohbet bildirimleri',
    ]);
    expect(screen.queryByRole('link', { name: 'Tam rapor' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Depo ekle' }));
    expect(
      await screen.findByRole('dialog', { name: 'Empty projesini düzenle' }),
    ).toBeInTheDocument();
  });

  it('offers switching a repository whose branch does not exist to its default branch', async () => {
    const repos = [
      repoFixture({ id: 'r-1', branch: 'main', url: 'https://github.com/gin-gonic/gin' }),
      repoFixture({
        id: 'r-2',
        name: 'web',
        branch: 'develop',
        url: 'https://github.com/acme/web',
      }),
    ];
    let project = projectFixture({ id: 'p-1', repos });
    const sent: unknown[] = [];
    const missing = jobFixture({
      status: 'failed',
      error: {
        code: 'UNKNOWN_REF',
        message: 'Branch "main" does not exist in the repository; its default branch is "master"',
      },
    });
    server.use(
      http.get('/api/projects/p-1', () => ok(project)),
      http.get('/api/projects', () => ok([])),
      http.put('/api/projects/p-1', async ({ request }) => {
        const body = (await request.json()) as { repos: Array<{ branch: string }> };
        sent.push(body);
        project = projectFixture({
          id: 'p-1',
          repos: repos.map((repo, index) => ({ ...repo, branch: body.repos[index]!.branch })),
        });
        return ok(project);
      }),
      http.get('/api/projects/p-1/structure-analysis', () =>
        analysisReady('structure', [
          entryFixture(null, {
            repoId: 'r-1',
            branch: project.repos[0]!.branch,
            defaultBranch: 'master',
            status: 'failed',
            job: missing,
          }),
        ]),
      ),
    );
    render('/projects/p-1?tab=structure');
    // The structure tab is its own lazy chunk (with Recharts): give it time to load.
    const alert = await screen.findByTestId('analysis-failure', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent('Depoda “main” dalı yok. Deponun varsayılan dalı “master”.');
    await userEvent.click(within(alert).getByRole('button', { name: '“master” dalını kullanın' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // Every repository is sent (PUT replaces the set); only the missing branch changes.
    expect(sent[0]).toEqual({
      repos: [
        { url: 'https://github.com/gin-gonic/gin', name: 'payments-api', branch: 'master' },
        { url: 'https://github.com/acme/web', name: 'web', branch: 'develop' },
      ],
    });
  }, 30_000);
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { resetProjectStores } from '../../features/projects/components/projects-test-utils';
import { analysisReady, branchAnalysisFixture, entryFixture } from '../../test/analysis-fixtures';
import { ok, projectAnswer, projectFixture } from '../../test/project-fixtures';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import { ProjectDetailRoute } from './project-detail-route';

resetProjectStores();

const render = (path = '/projects/p-1') =>
  renderRoutes([{ path: '/projects/:id', element: <ProjectDetailRoute /> }], path);

describe('project page with the analyses', () => {
  it('adds the four analysis tabs and the full report link when the project has repositories', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
    );
    render();
    const tablist = await screen.findByRole('tablist', { name: 'Proje görünümleri' });
    expect(
      within(tablist)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Genel bakış', 'Dallar', 'README', 'Yapı', 'Diyagram']);
    expect(screen.getByRole('link', { name: 'Tam rapor' })).toHaveAttribute(
      'href',
      '/analyze-full/p-1',
    );
  });

  it('loads an analysis only when its tab opens, and keeps the tab in the address', async () => {
    let reads = 0;
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      http.get('/api/projects/p-1/branch-analysis', () => {
        reads += 1;
        return analysisReady('branches', [entryFixture(branchAnalysisFixture())]);
      }),
    );
    const { router } = render();
    await screen.findByRole('tablist');
    expect(reads).toBe(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Dallar' }));
    expect(await screen.findAllByTestId('branch-row')).toHaveLength(4);
    expect(reads).toBe(1);
    expect(router.state.location.search).toBe('?tab=branches');
  });

  it('points a project without repositories to adding one, with no analysis tabs', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1', name: 'Empty', repos: [] })),
      http.get('/api/projects', () => ok([])),
    );
    render();
    expect(await screen.findByRole('heading', { name: 'Henüz analiz yok' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Genel bakış']);
    expect(screen.queryByRole('link', { name: 'Tam rapor' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Depo ekle' }));
    expect(
      await screen.findByRole('dialog', { name: 'Empty projesini düzenle' }),
    ).toBeInTheDocument();
  });
});

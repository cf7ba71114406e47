import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { resetProjectStores } from '../../features/projects/components/projects-test-utils';
import {
  analysisAccepted,
  analysisAnswers,
  analysisReady,
  branchAnalysisFixture,
  diagramFixture,
  entryFixture,
  jobFixture,
  readmeResultFixture,
  structureResultFixture,
} from '../../test/analysis-fixtures';
import {
  ok,
  projectAnswer,
  projectFixture,
  recorder,
  repoFixture,
} from '../../test/project-fixtures';
import { renderRoutes } from '../../test/render';
import { server } from '../../test/server';
import { i18n } from '../../lib/i18n';
import { ProjectDetailRoute } from './project-detail-route';

resetProjectStores();

const render = () =>
  renderRoutes([{ path: '/projects/:id', element: <ProjectDetailRoute /> }], '/projects/p-1');

// The summary shows its frame until all four analyses have answered (four requests, then the
// lazy chunk), which on a busy machine takes longer than findBy's default second.
const findSummary = () => screen.findByTestId('project-summary', {}, { timeout: 10_000 });

const analysed = () =>
  analysisAnswers({
    branches: [entryFixture(branchAnalysisFixture())],
    readme: [entryFixture(readmeResultFixture())],
    structure: [entryFixture(structureResultFixture())],
    diagram: [entryFixture(diagramFixture())],
  });

const failedJob = (id: string) =>
  jobFixture({
    id,
    status: 'failed',
    progress: 5,
    error: { code: 'REPO_NOT_FOUND', message: 'Repository not found' },
    finishedAt: '2024-03-08T10:00:00.000Z',
  });
const failedEntry = (id: string) => entryFixture(null, { status: 'failed', job: failedJob(id) });

describe('project Overview: what the analyses found', () => {
  it('shows each analysis’s headline with a link to its tab, and the three things to do first', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysed(),
    );
    render();
    const summary = await findSummary();
    const readme = await within(summary).findByTestId('headline-readme');
    expect(readme).toHaveTextContent('75/100');
    expect(readme).toHaveTextContent('2 topluluk dosyasından 1 tanesi var');
    expect(within(summary).getByTestId('headline-branches')).toHaveTextContent(
      '2 bayat · 1 birleştirilmiş ama silinmemiş · 1 ayrışmış',
    );
    expect(within(summary).getByTestId('headline-diagram')).toHaveTextContent('1 döngü');
    expect(within(summary).getByTestId('headline-structure')).toHaveTextContent(/TypeScript %\d+/);
    expect(within(summary).getByTestId('last-analysed')).toHaveTextContent('Son analiz:');
    for (const [name, tab] of [
      ['README puanı', 'readme'],
      ['Dallar', 'branches'],
      ['Diller ve boyut', 'structure'],
      ['Bağımlılık döngüleri', 'diagram'],
    ])
      expect(within(summary).getByRole('link', { name })).toHaveAttribute(
        'href',
        `/projects/p-1?tab=${tab}`,
      );
    // Derived from the figures above, in the documented order (docs/analysis/summary.md).
    const first = within(summary).getByTestId('first-actions');
    expect(
      within(first)
        .getAllByTestId('action')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual([
      'Bağımlılık döngülerini kırın',
      "README'nin en büyük eksiğini giderin",
      'Birleştirilmiş dalları silin',
    ]);
    // The README item is the suggestion's own text, in the UI language, with the points it costs.
    expect(first).toHaveTextContent('(100 puandan 5 puan kayıp)');
    expect(first).not.toHaveTextContent('The installation check partial.');
  });

  it('is in English with English number formats when the UI is English', async () => {
    await i18n.changeLanguage('en');
    try {
      server.use(
        projectAnswer(projectFixture({ id: 'p-1' })),
        http.get('/api/projects', () => ok([])),
        ...analysed(),
      );
      render();
      const summary = await findSummary();
      expect(
        await within(summary).findByRole('heading', { name: 'Three things to do first' }),
      ).toBeInTheDocument();
      expect(within(summary).getByTestId('headline-branches')).toHaveTextContent(
        '2 stale · 1 merged, not deleted · 1 diverged',
      );
      expect(within(summary).getByTestId('headline-structure')).toHaveTextContent(
        /TypeScript \d+%/,
      );
      expect(within(summary).getByTestId('first-actions')).toHaveTextContent(
        '(5 points of 100 lost)',
      );
    } finally {
      await i18n.changeLanguage('tr');
    }
  });

  it('keeps its final frame while the analyses have not answered, rather than "nothing analysed"', async () => {
    // The README answer is held back: the summary must not claim anything before it arrives, and
    // must already take its final place (its frame, the repository's card, four tiles).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysed(),
      http.get('/api/projects/p-1/readme-analysis', async () => {
        await held;
        return analysisReady('readme', [entryFixture(readmeResultFixture())]);
      }),
    );
    render();
    const loading = await screen.findByTestId('project-summary-loading');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getByRole('heading', { name: 'Analizlere genel bakış' })).toBeVisible();
    expect(within(loading).getByRole('status')).toHaveTextContent('Yükleniyor…');
    expect(within(loading).getByRole('heading', { name: 'acme/payments-api' })).toBeVisible();
    expect(screen.queryByTestId('first-actions-empty')).toBeNull();
    release();
    const summary = await findSummary();
    expect(await within(summary).findByTestId('headline-readme')).toHaveTextContent('75/100');
    expect(screen.queryByTestId('project-summary-loading')).toBeNull();
  });

  it('says nothing is analysed yet instead of inventing things to do', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers(),
    );
    render();
    const summary = await findSummary();
    expect(await within(summary).findByTestId('first-actions-empty')).toHaveTextContent(
      'Henüz hiçbir şey analiz edilmedi.',
    );
    expect(within(summary).queryByTestId('first-actions')).toBeNull();
    expect(within(summary).getByTestId('last-analysed')).toHaveTextContent(
      'Henüz analiz edilmedi.',
    );
  });

  it('shows one failure box with one retry for a repository whose four analyses failed', async () => {
    const calls = recorder();
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers({
        branches: [failedEntry('j-1')],
        readme: [failedEntry('j-2')],
        structure: [failedEntry('j-3')],
        diagram: [failedEntry('j-4')],
      }),
      http.post('/api/projects/p-1/repos/r-1/analyses', async ({ request }) => {
        await calls.record(request);
        return ok({ repoId: 'r-1', jobs: [] }, 202);
      }),
    );
    render();
    const box = await screen.findByTestId('repo-failure');
    expect(screen.getAllByTestId('repo-failure')).toHaveLength(1);
    expect(screen.queryByTestId('analysis-failure')).toBeNull();
    // The same cause four times is said once.
    expect(within(box).getAllByRole('listitem')).toHaveLength(1);
    expect(within(box).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(
      within(box).getByRole('button', { name: 'Bu depoyu yeniden analiz edin' }),
    );
    await vi.waitFor(() => expect(calls.calls).toHaveLength(1));
    expect(calls.calls[0]!.method).toBe('POST');
  });

  it('keeps the headlines of the analyses that worked beside the failure of one', async () => {
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers({
        branches: [entryFixture(branchAnalysisFixture())],
        readme: [entryFixture(readmeResultFixture())],
        structure: [entryFixture(structureResultFixture())],
        diagram: [failedEntry('j-4')],
      }),
    );
    render();
    const box = await screen.findByTestId('repo-failure');
    expect(box).toHaveTextContent('Başarısız olanlar: Teknik diyagram.');
    expect(screen.getByTestId('headline-readme')).toHaveTextContent('75/100');
    expect(screen.getByTestId('headline-diagram')).toHaveTextContent('Analiz başarısız oldu');
  });

  it('shows a running repository as one progress bar, not four empty headlines', async () => {
    const running = jobFixture({ id: 'j-9', status: 'running', progress: 40 });
    server.use(
      projectAnswer(projectFixture({ id: 'p-1' })),
      http.get('/api/projects', () => ok([])),
      ...['branch-analysis', 'readme-analysis', 'structure-analysis', 'technical-diagram'].map(
        (path) => http.get(`/api/projects/p-1/${path}`, () => analysisAccepted([running])),
      ),
      http.get('/api/jobs/j-9', () => ok(running)),
    );
    render();
    const card = await screen.findByTestId('repo-summary');
    const bar = await within(card).findByRole('progressbar', {
      name: 'acme/payments-api analiz ediliyor',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(within(card).queryByTestId('headline-readme')).toBeNull();
    expect(within(card).queryByTestId('repo-failure')).toBeNull();
  });

  it('offers no retry on an archived project', async () => {
    server.use(
      projectAnswer(
        projectFixture({ id: 'p-1', status: 'archived', repos: [repoFixture({ id: 'r-1' })] }),
      ),
      http.get('/api/projects', () => ok([])),
      ...analysisAnswers({
        branches: [failedEntry('j-1')],
        readme: [failedEntry('j-2')],
        structure: [failedEntry('j-3')],
        diagram: [failedEntry('j-4')],
      }),
    );
    render();
    const box = await screen.findByTestId('repo-failure');
    expect(within(box).queryByRole('button')).toBeNull();
  });
});

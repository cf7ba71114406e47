import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { resetProjectStores } from '../../features/projects/components/projects-test-utils';
import {
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
import { AnalyzeFullRoute } from './analyze-full-route';

resetProjectStores();

const render = () =>
  renderRoutes([{ path: '/analyze-full/:id', element: <AnalyzeFullRoute /> }], '/analyze-full/p-1');

const repos = [
  repoFixture({ id: 'r-1' }),
  repoFixture({
    id: 'r-2',
    name: 'gone',
    owner: 'acme',
    repo: 'gone',
    url: 'https://github.com/acme/gone',
  }),
];

const failed = (id: string) =>
  entryFixture(null, {
    repoId: 'r-2',
    name: 'gone',
    repo: 'gone',
    url: 'https://github.com/acme/gone',
    status: 'failed',
    job: jobFixture({
      id,
      status: 'failed',
      // A cause that may pass: only such a failure offers analysing again.
      error: { code: 'REPO_TIMEOUT', message: 'Fetching the repository took too long' },
      finishedAt: '2024-03-08T10:00:00.000Z',
    }),
  });

describe('full report: the executive summary and one failure per repository', () => {
  it('opens with the summary, links each thing to do to its section, and gives a failed repository one box and one retry', async () => {
    const calls = recorder();
    server.use(
      projectAnswer(projectFixture({ id: 'p-1', repos })),
      ...analysisAnswers({
        branches: [entryFixture(branchAnalysisFixture()), failed('j-1')],
        readme: [entryFixture(readmeResultFixture()), failed('j-2')],
        structure: [entryFixture(structureResultFixture()), failed('j-3')],
        diagram: [entryFixture(diagramFixture()), failed('j-4')],
      }),
      http.post('/api/projects/p-1/repos/r-2/analyses', async ({ request }) => {
        await calls.record(request);
        return ok({ repoId: 'r-2', jobs: [] }, 202);
      }),
    );
    render();
    const summary = await screen.findByTestId('report-summary', {}, { timeout: 15_000 });
    const first = await within(summary).findByTestId('first-actions');
    // Before every section (rendered after it, as a transition): the summary is the first thing
    // under the title.
    const [firstRepository] = await screen.findAllByTestId('report-repository');
    expect(
      summary.compareDocumentPosition(firstRepository!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      summary.compareDocumentPosition(screen.getByTestId('report-toc')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    // Each thing to do links to the section that measured it.
    expect(
      within(first)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['#repository-1-diagram', '#repository-1-readme', '#repository-1-branches']);
    expect(within(summary).getByTestId('other-risks')).toHaveTextContent(
      'birleştirilmemiş 2 bayat dal',
    );
    // The failed repository: said once in the summary, once as a box in its part, one retry.
    expect(within(summary).getByTestId('summary-failed')).toBeInTheDocument();
    const boxes = screen.getAllByTestId('repo-failure');
    expect(boxes).toHaveLength(1);
    expect(screen.queryByTestId('analysis-failure')).toBeNull();
    expect(within(boxes[0]!).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(
      within(boxes[0]!).getByRole('button', { name: 'Bu depoyu yeniden analiz edin' }),
    );
    await vi.waitFor(() => expect(calls.calls).toHaveLength(1));
  }, 30_000);

  it('shows the summary’s final frame, and no "still running" note, until every analysis has answered', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => {};
    const readmeAsked = new Promise<void>((resolve) => (asked = resolve));
    server.use(
      // Notes the README request, then lets the next handler answer it.
      http.get('/api/projects/p-1/readme-analysis', () => void asked()),
      projectAnswer(projectFixture({ id: 'p-1', repos: [repos[0]!] })),
      // The branches answer comes last, when the test says so (the first matching handler answers).
      http.get('/api/projects/p-1/branch-analysis', async () => {
        await held;
        return analysisReady('branches', [entryFixture(branchAnalysisFixture())]);
      }),
      ...analysisAnswers({ readme: [entryFixture(readmeResultFixture())] }),
    );
    render();
    const frame = await screen.findByTestId('report-summary-loading', {}, { timeout: 15_000 });
    await readmeAsked;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(frame).toHaveAttribute('aria-busy', 'true');
    expect(within(frame).getByRole('heading', { level: 4 })).toHaveTextContent(/acme/);
    expect(screen.queryByTestId('report-summary')).toBeNull();
    expect(screen.queryByTestId('report-progress')).toBeNull();
    expect(screen.queryByText(/Bazı analizler hâlâ sürüyor/)).toBeNull();
    release();
    expect(await screen.findByTestId('report-summary')).toBeInTheDocument();
    expect(screen.queryByTestId('report-summary-loading')).toBeNull();
  }, 30_000);
});

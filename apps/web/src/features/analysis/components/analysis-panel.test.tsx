import type { Project } from '@rota/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  analysisAccepted,
  analysisReady,
  branchAnalysisFixture,
  branchFixture,
  COMMIT,
  entryFixture,
  jobAnswer,
  jobFixture,
  structureResultFixture,
} from '../../../test/analysis-fixtures';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok, projectFixture, recorder, repoFixture } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { BranchesTab } from './branches/branches-tab';
import { StructureTab } from './structure/structure-tab';

const project = projectFixture({ id: 'p-1' });

function renderTab(
  tab: 'branches' | 'structure',
  target: Project = project,
  path = '/projects/p-1',
) {
  const Tab = tab === 'branches' ? BranchesTab : StructureTab;
  return renderRoutes([{ path: '/projects/:id', element: <Tab project={target} /> }], path);
}

describe('analysis panel', () => {
  it('shows the first job’s progress and stage, follows it, then shows the result', async () => {
    let reads = 0;
    let polls = 0;
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () => {
        reads += 1;
        return reads === 1
          ? analysisAccepted([jobFixture({ stage: 'fetching', progress: 5 })])
          : analysisReady('branches', [entryFixture(branchAnalysisFixture())]);
      }),
      http.get('/api/jobs/job-1', () => {
        polls += 1;
        return ok(
          polls === 1
            ? jobFixture({ stage: 'analyzing', progress: 40 })
            : jobFixture({ status: 'succeeded', stage: 'done', progress: 100 }),
        );
      }),
    );
    renderTab('branches');
    const card = await screen.findByTestId('analysis-first-run');
    expect(within(card).getByRole('heading', { name: 'Depo analiz ediliyor' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40'),
    );
    expect(within(card).getByRole('status')).toHaveTextContent('Analiz ediliyor');
    expect(await screen.findAllByTestId('branch-row', {}, { timeout: 4000 })).toHaveLength(4);
    expect(screen.queryByTestId('analysis-first-run')).toBeNull();
    expect(reads).toBe(2);
    expect(screen.getByTestId('analysis-meta')).toHaveTextContent('1b22928');
  });

  it('stops following a job the server no longer knows, and reads the analysis again', async () => {
    let reads = 0;
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () => {
        reads += 1;
        return reads === 1
          ? analysisAccepted([jobFixture({ id: 'job-9' })])
          : analysisReady('branches', [entryFixture(branchAnalysisFixture())]);
      }),
      http.get('/api/jobs/job-9', () => errorAnswer(404, 'NOT_FOUND', 'Job not found')),
    );
    renderTab('branches');
    expect(await screen.findAllByTestId('branch-row')).toHaveLength(4);
    expect(reads).toBe(2);
  });

  it('marks a stale result with the analysed commit while the newer one is computed', async () => {
    const job = jobFixture({ id: 'job-2', stage: 'analyzing', progress: 60 });
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () =>
        analysisReady('branches', [entryFixture(branchAnalysisFixture(), { stale: true, job })]),
      ),
      jobAnswer(job),
    );
    renderTab('branches');
    const badge = await screen.findByTestId('stale-badge');
    expect(badge).toHaveTextContent('Bayat');
    expect(badge).toHaveTextContent(COMMIT.slice(0, 7));
    const updating = screen.getByTestId('analysis-updating');
    expect(updating).toHaveTextContent('1b22928 commit');
    expect(within(updating).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '60');
    // The stale result stays readable meanwhile.
    expect(screen.getAllByTestId('branch-row')).toHaveLength(4);
  });

  it('says why a job failed, in the UI language, and retries with a forced refresh', async () => {
    const calls = recorder();
    const failed = jobFixture({
      status: 'failed',
      error: { code: 'REPO_TIMEOUT', message: 'Fetching the repository took too long' },
    });
    server.use(
      http.get('/api/projects/p-1/branch-analysis', async ({ request }) => {
        await calls.record(request);
        return new URL(request.url).searchParams.get('refresh') === 'true'
          ? analysisAccepted([
              jobFixture({ id: 'job-3', status: 'queued', stage: null, progress: 0 }),
            ])
          : analysisReady('branches', [entryFixture(null, { status: 'failed', job: failed })]);
      }),
      jobAnswer(jobFixture({ id: 'job-3', status: 'queued', stage: null, progress: 0 })),
    );
    renderTab('branches');
    const alert = await screen.findByTestId('analysis-failure');
    expect(alert).toHaveTextContent('acme/payments-api analiz edilemedi');
    expect(alert).toHaveTextContent('Deponun indirilmesi çok uzun sürdü.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByTestId('analysis-first-run')).toHaveTextContent(
      'Bir çalışan bekleniyor',
    );
    expect(calls.calls.map((call) => call.url.search)).toEqual(['', '?refresh=true']);
  });

  it('offers no retry where trying again fails the same way (a repository that does not exist)', async () => {
    const failed = jobFixture({
      status: 'failed',
      error: { code: 'REPO_NOT_FOUND', message: 'Repository not found (check the URL)' },
    });
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () =>
        analysisReady('branches', [entryFixture(null, { status: 'failed', job: failed })]),
      ),
    );
    renderTab('branches');
    const alert = await screen.findByTestId('analysis-failure');
    expect(alert).toHaveTextContent('Depo bulunamadı.');
    expect(alert).not.toHaveTextContent('Repository not found');
    expect(within(alert).queryByRole('button', { name: 'Tekrar dene' })).toBeNull();
  });

  it('says a failure without a cause of its own in the UI language, not the server’s English', async () => {
    const failed = jobFixture({
      status: 'failed',
      error: { code: 'JOB_FAILED', message: 'git exploded' },
    });
    server.use(
      http.get('/api/projects/p-1/structure-analysis', () =>
        analysisReady('structure', [entryFixture(null, { status: 'failed', job: failed })]),
      ),
    );
    renderTab('structure');
    const alert = await screen.findByTestId('analysis-failure');
    expect(alert).toHaveTextContent('İşlem tamamlanamadı. Yeniden deneyin.');
    expect(alert).not.toHaveTextContent('git exploded');
  });

  it('recomputes structure with a POST when asked to refresh', async () => {
    const calls = recorder();
    const record = async ({ request }: { request: Request }) => {
      await calls.record(request);
      return analysisReady('structure', [entryFixture(structureResultFixture())]);
    };
    server.use(
      http.get('/api/projects/p-1/structure-analysis', record),
      http.post('/api/projects/p-1/structure-analysis', record),
    );
    renderTab('structure');
    await userEvent.click(await screen.findByRole('button', { name: 'Yenile' }));
    await waitFor(() => expect(calls.calls.map((call) => call.method)).toEqual(['GET', 'POST']));
  });

  it('says in the UI language why a refresh was refused by the analysis quota', async () => {
    server.use(
      http.get('/api/projects/p-1/structure-analysis', () =>
        analysisReady('structure', [entryFixture(structureResultFixture())]),
      ),
      http.post('/api/projects/p-1/structure-analysis', () =>
        errorAnswer(
          429,
          'ACTIVE_ANALYSES_LIMIT',
          'You already have 25 analyses queued or running, the most one account may have.',
        ),
      ),
    );
    renderTab('structure');
    await userEvent.click(await screen.findByRole('button', { name: 'Yenile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Yapı analizi alınamadı: Sırada bekleyen veya çalışan analiziniz çok fazla. Lütfen bir kısmı tamamlandığında tekrar deneyin.',
    );
  });

  it('picks the repository to show when the project has several, and keeps it in the address', async () => {
    const two = projectFixture({
      id: 'p-1',
      repos: [
        repoFixture({ id: 'r-1' }),
        repoFixture({
          id: 'r-2',
          name: 'ledger',
          repo: 'ledger',
          url: 'https://github.com/acme/ledger',
        }),
      ],
    });
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () =>
        analysisReady('branches', [
          entryFixture(
            branchAnalysisFixture([
              branchFixture({
                name: 'main',
                status: 'default',
                isDefault: true,
                diverged: false,
                ahead: 0,
                behind: 0,
              }),
            ]),
          ),
          entryFixture(branchAnalysisFixture([branchFixture({ name: 'release/2.0' })]), {
            repoId: 'r-2',
            name: 'ledger',
            repo: 'ledger',
          }),
        ]),
      ),
    );
    const { router } = renderTab('branches', two);
    expect(await screen.findByTestId('branch-row')).toHaveTextContent('main');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Depo' }), 'r-2');
    expect(await screen.findByTestId('branch-row')).toHaveTextContent('release/2.0');
    expect(router.state.location.search).toBe('?repo=r-2');
  });

  it('shows only one repository’s picker-free view when the project has one', async () => {
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () =>
        analysisReady('branches', [entryFixture(branchAnalysisFixture())]),
      ),
    );
    renderTab('branches');
    await screen.findAllByTestId('branch-row');
    expect(screen.queryByRole('combobox', { name: 'Depo' })).toBeNull();
  });

  it('explains that an archived project starts no analyses, instead of spinning', async () => {
    server.use(
      http.get('/api/projects/p-1/branch-analysis', () =>
        analysisReady('branches', [entryFixture(null)]),
      ),
    );
    renderTab('branches', projectFixture({ id: 'p-1', status: 'archived' }));
    expect(await screen.findByRole('heading', { name: 'Bu proje arşivlendi' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yenile' })).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

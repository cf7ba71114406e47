import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import {
  findingFixture,
  reviewAnswer,
  reviewDetailFixture,
  reviewFixture,
  reviewListFixture,
  reviewsAnswer,
} from '../../../test/review-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { REVIEW_POLL_MS } from '../api/list-reviews';
import { ReviewsTab, type ReviewsTabProps } from './reviews-tab';

function renderTab(overrides: Partial<ReviewsTabProps> = {}, search = '?tab=reviews') {
  const props: ReviewsTabProps = {
    projectId: 'p-1',
    repositories: ['acme/payments-api'],
    canRequestReview: true,
    addRepository: vi.fn(),
    ...overrides,
  };
  const view = renderRoutes(
    [{ path: '/projects/:id', element: <ReviewsTab {...props} /> }],
    `/projects/p-1${search}`,
  );
  return { ...view, props };
}

const rows = () => screen.getAllByTestId('review-row');

describe('reviews tab: list and summary', () => {
  it('shows each review with verdict, why, pull request link, head commit, engine, trigger and time (Turkish)', async () => {
    server.use(
      reviewsAnswer(
        reviewListFixture({
          reviews: [
            reviewFixture(),
            reviewFixture({
              id: '00000000-0000-4000-8000-000000000002',
              pull_request_number: 7,
              status: 'pending',
              outcome: 'skipped',
              skipped_reason: 'draft',
              reason: 'Not reviewed: the pull request is a draft',
              trigger: 'manual',
              findings_count: 0,
            }),
          ],
        }),
      ),
    );
    renderTab();
    await screen.findByText('2 inceleme');
    const [first, second] = rows();
    expect(within(first!).getByTestId('review-status')).toHaveTextContent('Değişiklik istendi');
    expect(within(first!).getByTestId('review-why')).toHaveTextContent(
      'En az bir kritik ya da yüksek önemde bulgu birleştirmeyi engelliyor.',
    );
    const link = within(first!).getByRole('link', {
      name: "GitHub'da acme/payments-api#42 (yeni sekmede açılır)",
    });
    expect(link).toHaveAttribute('href', 'https://github.com/acme/payments-api/pull/42');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(first!).getByTestId('review-sha')).toHaveTextContent(/^c0ffee1$/);
    expect(within(first!).getByTestId('review-sha')).toHaveClass('font-mono');
    expect(within(first!).getByTestId('review-engine')).toHaveTextContent('Yerleşik kurallar');
    expect(within(first!).getByTestId('review-trigger')).toHaveTextContent('Webhook');
    expect(within(first!).getByTestId('review-time')).toHaveTextContent('2 saat önce');
    expect(
      within(first!).getByRole('link', { name: 'acme/payments-api#42 incelemesinin ayrıntıları' }),
    ).toHaveTextContent('1 bulgu');

    expect(within(second!).getByTestId('review-status')).toHaveTextContent('Atlandı');
    expect(within(second!).getByTestId('review-why')).toHaveTextContent('Çekme isteği taslak.');
    expect(within(second!).getByTestId('review-trigger')).toHaveTextContent('Şimdi incele');

    const stats = screen.getByRole('region', { name: 'İnceleme özeti' });
    expect(within(stats).getByTestId('review-count-changes_requested')).toHaveTextContent(
      'Değişiklik istendi1',
    );
    expect(within(stats).getByTestId('review-compliance')).toHaveTextContent(
      'ÖlçülmediHenüz Rota incelemesi olan birleştirilmiş çekme isteği yok.',
    );
    expect(within(stats).getByTestId('review-avg-time')).toHaveTextContent('1 dakika');
    expect(screen.queryByTestId('review-polling')).toBeNull();
  });

  it('speaks English when the user does, with measured compliance and the failure reason', async () => {
    await i18n.changeLanguage('en');
    server.use(
      reviewsAnswer(
        reviewListFixture({
          reviews: [
            reviewFixture({
              status: 'pending',
              outcome: 'failed',
              reason: 'Review failed: GitHub refused',
              error: { code: 'GITHUB_FORBIDDEN', message: 'Resource not accessible' },
            }),
          ],
          stats: {
            ...reviewListFixture().stats,
            failed: 1,
            compliance_rate: 0.75,
            avg_time_to_review_seconds: 3 * 3600,
          },
        }),
      ),
    );
    renderTab();
    await screen.findByText('1 review');
    expect(within(rows()[0]!).getByTestId('review-status')).toHaveTextContent('Failed');
    expect(within(rows()[0]!).getByTestId('review-why')).toHaveTextContent(
      /^The review could not finish: /,
    );
    expect(within(rows()[0]!).getByTestId('review-engine')).toHaveTextContent('Built-in rules');
    expect(screen.getByTestId('review-compliance')).toHaveTextContent('75%');
    expect(screen.getByTestId('review-avg-time')).toHaveTextContent('3 hours');
    expect(screen.getByTestId('review-count-failed')).toHaveTextContent('Failed1');
  });

  it('reads the list again while a review is pending, shows its verdict, then stops polling', async () => {
    let reads = 0;
    let done = false;
    server.use(
      reviewsAnswer(() => {
        reads += 1;
        return reviewListFixture({
          reviews: [
            done
              ? reviewFixture({ status: 'approved', findings_count: 0, reason: 'No findings' })
              : reviewFixture({
                  status: 'pending',
                  outcome: null,
                  reason: null,
                  findings_count: 0,
                }),
          ],
        });
      }),
    );
    renderTab();
    await screen.findByText('1 inceleme');
    expect(screen.getByTestId('review-status')).toHaveTextContent('Bekliyor');
    expect(screen.getByTestId('review-polling')).toBeInTheDocument();
    await waitFor(() => expect(reads).toBeGreaterThan(1), { timeout: REVIEW_POLL_MS * 3 });
    done = true;
    await waitFor(
      () => expect(screen.getByTestId('review-status')).toHaveTextContent('Onaylandı'),
      {
        timeout: REVIEW_POLL_MS * 3,
      },
    );
    expect(screen.queryByTestId('review-polling')).toBeNull();
    const settled = reads;
    await new Promise((resolve) => setTimeout(resolve, REVIEW_POLL_MS * 1.5));
    expect(reads).toBe(settled);
  }, 25_000);
});

describe('reviews tab: empty states', () => {
  it('says reviews need a GitHub repository when the project has none, and offers to add one', async () => {
    const { props } = renderTab({ repositories: [] });
    expect(
      screen.getByRole('heading', { name: 'İncelemeler için bir GitHub deposu gerekir' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Depo ekleyin' }));
    expect(props.addRepository).toHaveBeenCalledOnce();
  });

  it('says how reviews start when there is none yet', async () => {
    server.use(
      reviewsAnswer(
        reviewListFixture({
          reviews: [],
          stats: {
            ...reviewListFixture().stats,
            by_status: { pending: 0, approved: 0, changes_requested: 0, commented: 0 },
            total: 0,
            avg_time_to_review_seconds: null,
          },
        }),
      ),
    );
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Henüz inceleme yok' })).toBeInTheDocument();
    expect(screen.getByText(/webhook/)).toHaveTextContent('Şimdi incele');
    expect(screen.getByTestId('review-avg-time')).toHaveTextContent(
      'ÖlçülmediHenüz biten inceleme yok.',
    );
  });
});

describe('reviews tab: one review', () => {
  const detail = reviewDetailFixture({
    findings: [
      findingFixture({
        file: 'README.md',
        severity: 'info',
        rule: 'code.todo',
        line: 3,
        title: 'New TODO comment',
        evidence: null,
      }),
      findingFixture({
        file: 'src/config.ts',
        severity: 'low',
        rule: 'code.debug-leftover',
        line: 40,
        title: 'Debug statement (console.log)',
      }),
      findingFixture(),
      findingFixture({
        file: null,
        line: null,
        severity: 'low',
        rule: 'pr.missing-description',
        title: 'No description',
        category: 'process',
        evidence: null,
      }),
      findingFixture({
        file: 'src/config.ts',
        severity: 'high',
        rule: 'llm.security',
        line: 20,
        title: 'Token compared with ==',
        message: 'Use a constant-time comparison.',
        source: 'llm',
        confidence: 0.8,
        evidence: null,
      }),
    ],
    coverage: {
      filesReviewed: 2,
      filesSkipped: [{ file: 'package-lock.json', reason: 'lockfile' }],
      filesNotListed: 4,
    },
  });

  it('opens from the address, groups findings by file then severity, translates rules and labels model text', async () => {
    server.use(reviewAnswer(detail), reviewsAnswer(reviewListFixture()));
    const { router } = renderTab({}, `?tab=reviews&review=${detail.id}`);
    await screen.findByRole('heading', { name: 'acme/payments-api#42 incelemesi' });
    expect(screen.getByTestId('review-verdict')).toHaveTextContent('Değişiklik istendi');
    expect(screen.getByTestId('review-verdict')).toHaveTextContent(
      'Sunucunun notu (İngilizce): 1 blocking finding: GitHub token in the diff',
    );

    const files = screen.getAllByTestId('review-file');
    expect(files.map((file) => within(file).getByTestId('review-file-name').textContent)).toEqual([
      'Çekme isteğinin tamamı',
      'src/config.ts',
      'README.md',
    ]);
    const config = within(files[1]!).getAllByTestId('review-finding');
    expect(config.map((item) => item.getAttribute('data-rule'))).toEqual([
      'secret.provider-token',
      'llm.security',
      'code.debug-leftover',
    ]);
    expect(
      config.map((item) => within(item).getByTestId('review-finding-severity').textContent),
    ).toEqual(['Kritik', 'Yüksek', 'Düşük']);
    const secret = config[0]!;
    expect(within(secret).getByTestId('review-finding-title')).toHaveTextContent(
      'Sızdırılmış erişim anahtarı',
    );
    expect(within(secret).getByTestId('review-finding-line')).toHaveTextContent('Satır 12');
    expect(within(secret).getByTestId('review-finding-source')).toHaveTextContent('Yerleşik kural');
    expect(within(secret).getByTestId('review-finding-evidence')).toHaveTextContent(
      'const token = "ghp_…";',
    );
    expect(secret).toHaveTextContent('Sunucunun notu (İngilizce): A GitHub personal access token');
    const model = config[1]!;
    expect(within(model).getByTestId('review-finding-title')).toHaveTextContent(
      'Token compared with ==',
    );
    expect(within(model).getByTestId('review-finding-source')).toHaveTextContent('Dil modeli');
    expect(model).toHaveTextContent('Modelin kendi sözleri (çevrilmedi)');
    expect(model).toHaveTextContent('Güven %80');

    const coverage = screen.getByTestId('review-coverage');
    expect(coverage).toHaveTextContent('2 dosya incelendi');
    expect(within(coverage).getByTestId('review-files-skipped')).toHaveTextContent(
      'package-lock.jsonKilit dosyası',
    );
    expect(within(coverage).getByTestId('review-files-not-listed')).toHaveTextContent(
      '4 dosyayı GitHub listelemedi',
    );
    expect(screen.getByTestId('review-rules-only')).toHaveTextContent('Yalnızca yerleşik kurallar');

    await userEvent.click(screen.getByTestId('review-back'));
    expect(router.state.location.search).toBe('?tab=reviews');
    await screen.findAllByTestId('review-row');
  });

  it('in English shows the server message as the explanation, and the model and prompt when the review used one', async () => {
    await i18n.changeLanguage('en');
    server.use(
      reviewAnswer({
        ...detail,
        engine: 'rules+llm',
        llm: {
          model: 'qwen2.5-coder',
          prompt: 'Focus on payment safety.',
          summary: 'One leaked token.',
          files_not_sent: ['docs/big.md'],
          findings_dropped: 0,
          error: null,
        },
      }),
    );
    renderTab({}, `?tab=reviews&review=${detail.id}`);
    await screen.findByRole('heading', { name: 'Review of acme/payments-api#42' });
    const secret = screen.getAllByTestId('review-finding')[1]!;
    expect(within(secret).getByTestId('review-finding-title')).toHaveTextContent(
      'Leaked access token',
    );
    expect(secret).toHaveTextContent('A GitHub personal access token is committed');
    expect(secret).not.toHaveTextContent("Server's note");
    const llm = screen.getByTestId('review-llm');
    expect(llm).toHaveTextContent('Model: qwen2.5-coder');
    expect(within(llm).getByTestId('review-prompt')).toHaveTextContent('Focus on payment safety.');
    expect(llm).toHaveTextContent('docs/big.md');
    expect(screen.getByText('Rules and language model')).toBeInTheDocument();
    expect(screen.queryByTestId('review-rules-only')).toBeNull();
  });

  it('says when the review does not exist', async () => {
    server.use(
      http.get('/api/reviews/:reviewId', () => errorAnswer(404, 'NOT_FOUND', 'Review not found')),
    );
    renderTab({}, '?tab=reviews&review=nope');
    expect(
      await screen.findByRole('heading', {
        name: 'Bu inceleme yok ya da sizin tarafınızdan görülemiyor.',
      }),
    ).toBeInTheDocument();
  });
});

describe('review now (owner only)', () => {
  it('is offered to the owner: posts the manual review, toasts, and the list shows it pending', async () => {
    let requested = false;
    const posts: string[] = [];
    server.use(
      reviewsAnswer(() =>
        reviewListFixture({
          reviews: requested
            ? [
                reviewFixture({
                  status: 'pending',
                  outcome: null,
                  trigger: 'manual',
                  pull_request_number: 5,
                }),
              ]
            : [],
        }),
      ),
      http.post('/api/webhook/review/:owner/:repo/:number', ({ params }) => {
        posts.push(`${String(params.owner)}/${String(params.repo)}#${String(params.number)}`);
        requested = true;
        return ok(reviewFixture({ status: 'pending', outcome: null, trigger: 'manual' }), 202);
      }),
    );
    renderTab();
    await screen.findByRole('heading', { name: 'Henüz inceleme yok' });
    const form = screen.getByTestId('review-now-form');
    const number = within(form).getByLabelText('Çekme isteği numarası (acme/payments-api)');
    await userEvent.type(number, '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Şimdi incele' }));
    expect(
      within(form).getByText('Çekme isteği numarası 1 ya da daha büyük bir tam sayı olmalıdır.'),
    ).toBeInTheDocument();
    expect(posts).toEqual([]);

    await userEvent.clear(number);
    await userEvent.type(number, '5');
    await userEvent.click(within(form).getByRole('button', { name: 'Şimdi incele' }));
    expect(
      await screen.findByText('acme/payments-api#5 için inceleme istendi'),
    ).toBeInTheDocument();
    expect(posts).toEqual(['acme/payments-api#5']);
    await waitFor(() => expect(screen.getByTestId('review-status')).toHaveTextContent('Bekliyor'));
  });

  it('toasts the translated reason when the server refuses', async () => {
    server.use(
      reviewsAnswer(reviewListFixture()),
      http.post('/api/webhook/review/:owner/:repo/:number', () =>
        errorAnswer(404, 'NOT_FOUND', 'Pull request not found in your projects'),
      ),
    );
    renderTab();
    const form = await screen.findByTestId('review-now-form');
    await userEvent.type(within(form).getByRole('textbox'), '99');
    await userEvent.click(within(form).getByRole('button', { name: 'Şimdi incele' }));
    expect(
      await screen.findByText('acme/payments-api#99 için inceleme istenemedi'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Projelerinizin GitHub depolarında böyle bir çekme isteği yok.'),
    ).toBeInTheDocument();
  });

  it('is not offered to a member: the list reads the same, without the form', async () => {
    server.use(reviewsAnswer(reviewListFixture()));
    renderTab({ canRequestReview: false });
    await screen.findByText('1 inceleme');
    expect(screen.queryByTestId('review-now-form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Şimdi incele/ })).toBeNull();
  });
});

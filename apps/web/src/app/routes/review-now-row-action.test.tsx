import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { errorAnswer } from '../../test/auth-fixtures';
import { ok } from '../../test/project-fixtures';
import { pullRequestFixture } from '../../test/pull-request-fixtures';
import { renderRoutes } from '../../test/render';
import { reviewFixture } from '../../test/review-fixtures';
import { server } from '../../test/server';
import { PullRequestList } from '../../features/pull-requests/components/pull-request-list';
import { reviewNowRowAction } from './review-now-row-action';

const reviewNow = reviewNowRowAction('p-1');

const pullRequests = [
  pullRequestFixture(),
  pullRequestFixture({ id: 'pr-2', number: 9, state: 'merged', title: 'Add refunds' }),
];

function renderList(owner: boolean) {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: (
          <PullRequestList
            pullRequests={pullRequests}
            busy={false}
            rowAction={owner ? reviewNow : undefined}
          />
        ),
      },
    ],
    '/projects/p-1?tab=pull-requests',
  );
}

describe('"Review now" on the pull requests tab', () => {
  it('is on each open pull request of the owner, posts the manual review and toasts', async () => {
    const posts: string[] = [];
    server.use(
      http.post('/api/webhook/review/:owner/:repo/:number', ({ params }) => {
        posts.push(`${String(params.owner)}/${String(params.repo)}/${String(params.number)}`);
        return ok(reviewFixture({ status: 'pending', outcome: null, trigger: 'manual' }), 202);
      }),
    );
    renderList(true);
    const [open, merged] = screen.getAllByTestId('pr-row');
    expect(within(merged!).queryByTestId('review-now')).toBeNull();
    await userEvent.click(
      within(open!).getByRole('button', { name: '#42 numaralı isteği şimdi incele' }),
    );
    expect(
      await screen.findByText('acme/payments-api#42 için inceleme istendi'),
    ).toBeInTheDocument();
    expect(posts).toEqual(['acme/payments-api/42']);
  });

  it('says in English why GitHub refused', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.post('/api/webhook/review/:owner/:repo/:number', () =>
        errorAnswer(404, 'NOT_FOUND', 'Pull request not found in your projects'),
      ),
    );
    renderList(true);
    await userEvent.click(screen.getByRole('button', { name: 'Review #42 now' }));
    expect(
      await screen.findByText('Review of acme/payments-api#42 could not be requested'),
    ).toBeInTheDocument();
    expect(
      screen.getByText("No such pull request in your projects' repositories on GitHub."),
    ).toBeInTheDocument();
  });

  it('is not there for a member', () => {
    renderList(false);
    expect(screen.getAllByTestId('pr-row')).toHaveLength(2);
    expect(screen.queryByTestId('review-now')).toBeNull();
  });
});

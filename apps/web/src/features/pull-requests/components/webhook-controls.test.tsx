import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { ErrorCodes, type WebhookChange } from '@rota/contracts';
import { i18n } from '../../../lib/i18n';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import {
  pullRequestListFixture,
  pullRequestsAnswer,
  repoSyncFixture,
} from '../../../test/pull-request-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { PullRequestsTab } from './pull-requests-tab';

function renderTab() {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: <PullRequestsTab projectId="p-1" addRepository={() => undefined} />,
      },
    ],
    '/projects/p-1?tab=pull-requests',
  );
}

const twoRepos = (api: 'webhook' | 'schedule') =>
  pullRequestListFixture({
    repositories: [
      repoSyncFixture({ kept_current_by: api }),
      repoSyncFixture({
        repoId: 'r-2',
        name: 'platform',
        full_name: 'acme/platform',
        kept_current_by: 'schedule',
      }),
      repoSyncFixture({
        repoId: 'r-3',
        name: 'tool',
        full_name: 'git.example.org/team/tool',
        status: 'unsupported',
        kept_current_by: 'none',
      }),
    ],
  });

const change = (repositories: WebhookChange['repositories']): WebhookChange => ({
  projectId: 'p-1',
  url: 'https://rota.example.com/webhook/github',
  repositories,
});

describe('webhook controls in the sync panel', () => {
  it('installs, then says per repository what happened, a refusal with its reason', async () => {
    let installed = false;
    server.use(
      pullRequestsAnswer(() => twoRepos(installed ? 'webhook' : 'schedule')),
      http.post('/api/projects/p-1/webhook', () => {
        installed = true;
        return ok(
          change([
            {
              repoId: 'r-1',
              owner: 'acme',
              repo: 'payments-api',
              status: 'installed',
              webhookInstalled: true,
              code: null,
              message: null,
            },
            {
              repoId: 'r-2',
              owner: 'acme',
              repo: 'platform',
              status: 'failed',
              webhookInstalled: false,
              code: ErrorCodes.webhookAdminRequired,
              message: 'Admin rights are needed',
            },
          ]),
        );
      }),
    );
    renderTab();
    const panel = await screen.findByTestId('pr-sync-panel');
    expect(within(panel).queryByTestId('pr-webhook-remove')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Webhook kur' }));

    const outcome = await within(panel).findByTestId('pr-webhook-outcome');
    const items = within(outcome).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('acme/payments-api: webhook kuruldu.');
    expect(items[1]).toHaveTextContent(
      `acme/platform: değiştirilmedi. ${i18n.t('errors.webhookAdminRequired')}`,
    );
    // The list is read again: one repository is now kept current by its webhook, so removing is offered.
    await waitFor(() => expect(within(panel).getByTestId('pr-webhook-remove')).toBeVisible());
  });

  it('says why nothing was installed when GitHub cannot reach this server', async () => {
    await i18n.changeLanguage('en');
    server.use(
      pullRequestsAnswer(() => twoRepos('schedule')),
      http.post('/api/projects/p-1/webhook', () =>
        errorAnswer(409, ErrorCodes.webhookUrlUnreachable, 'GitHub cannot reach it'),
      ),
    );
    renderTab();
    const panel = await screen.findByTestId('pr-sync-panel');
    await userEvent.click(within(panel).getByRole('button', { name: 'Install webhooks' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      `The webhooks were not changed: ${i18n.t('errors.webhookUrlUnreachable')}`,
    );
    await i18n.changeLanguage('tr');
  });

  it('removes them, offering only what would change something', async () => {
    let removed = false;
    server.use(
      pullRequestsAnswer(() =>
        pullRequestListFixture({
          repositories: [repoSyncFixture({ kept_current_by: removed ? 'schedule' : 'webhook' })],
        }),
      ),
      http.delete('/api/projects/p-1/webhook', () => {
        removed = true;
        return ok(
          change([
            {
              repoId: 'r-1',
              owner: 'acme',
              repo: 'payments-api',
              status: 'removed',
              webhookInstalled: false,
              code: null,
              message: null,
            },
          ]),
        );
      }),
    );
    renderTab();
    const panel = await screen.findByTestId('pr-sync-panel');
    expect(within(panel).queryByTestId('pr-webhook-install')).toBeNull();
    await userEvent.click(within(panel).getByRole('button', { name: 'Webhook kaldır' }));
    expect(await within(panel).findByTestId('pr-webhook-outcome')).toHaveTextContent(
      'acme/payments-api: webhook kaldırıldı.',
    );
    await waitFor(() => expect(within(panel).getByTestId('pr-webhook-install')).toBeVisible());
  });
});

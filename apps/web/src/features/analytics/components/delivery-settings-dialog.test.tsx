import { DEFAULT_DEPLOYMENT_PATTERNS, type DeliverySettings } from '@rota/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { ItemsScopeProvider } from '../../../components/items/items-scope';
import { i18n } from '../../../lib/i18n';
import { deliveryFixture, deliverySettingsFixture } from '../../../test/delivery-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { DeliverySection } from './delivery-section';

const SETTINGS_URL = '/api/projects/p-1/delivery/settings';
const TOKEN_URL = '/api/projects/p-1/delivery/incident-token';

/** A server keeping the settings it was given and the token's existence, like the real one. */
function settingsServer(initial: DeliverySettings) {
  let current = initial;
  const puts: unknown[] = [];
  const calls: string[] = [];
  const delivery = deliveryFixture({
    sources: [
      deliveryFixture().sources[0]!,
      { ...deliveryFixture().sources[0]!, repoId: 'r-2', repository: 'acme/web', source: null },
    ],
  });
  server.use(
    http.get('/api/projects/p-1/delivery', () => ok(delivery)),
    http.get(SETTINGS_URL, () => ok(current)),
    http.put(SETTINGS_URL, async ({ request }) => {
      const body = (await request.json()) as Pick<
        DeliverySettings,
        'repos' | 'incidentLabelPattern'
      >;
      puts.push(body);
      current = { ...current, ...body };
      return ok(current);
    }),
    http.post(TOKEN_URL, () => {
      calls.push('POST');
      current = {
        ...current,
        incidentToken: { exists: true, createdAt: '2026-11-23T09:00:00Z' },
      };
      return ok({ token: `tok-${calls.length}` }, 201);
    }),
    http.delete(TOKEN_URL, () => {
      calls.push('DELETE');
      current = { ...current, incidentToken: { exists: false, createdAt: null } };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { puts, calls };
}

function renderSection() {
  return renderRoutes(
    [
      {
        path: '/projects/:id',
        element: (
          <ItemsScopeProvider scope={{ kind: 'project', projectId: 'p-1' }}>
            <DeliverySection />
          </ItemsScopeProvider>
        ),
      },
    ],
    '/projects/p-1?tab=analytics',
  );
}

async function openSettings() {
  await userEvent.click(await screen.findByRole('button', { name: 'Teslimat ayarları' }));
  return screen.findByRole('dialog', { name: 'Teslimat ayarları' });
}

describe('delivery settings', () => {
  it('checks each pattern as a regular expression before saving, and saves every repository', async () => {
    const { puts } = settingsServer(
      deliverySettingsFixture({ repos: [{ repoId: 'r-1', source: 'tags', pattern: null }] }),
    );
    renderSection();
    const dialog = await openSettings();
    const source = await within(dialog).findByLabelText('acme/payments-api kaynağı');
    expect(source).toHaveValue('tags');
    expect(within(dialog).getByLabelText('acme/web kaynağı')).toHaveValue('auto');
    expect(within(dialog).getByLabelText('acme/web deseni')).toBeDisabled();
    const pattern = within(dialog).getByLabelText('acme/payments-api deseni');
    expect(pattern).toHaveAttribute('placeholder', DEFAULT_DEPLOYMENT_PATTERNS.tags);

    await userEvent.type(pattern, '(v');
    expect(within(dialog).getByText('Desen geçerli bir düzenli ifade değil.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Kaydet' })).toBeDisabled();

    await userEvent.clear(pattern);
    await userEvent.type(pattern, '^release-');
    await userEvent.selectOptions(within(dialog).getByLabelText('acme/web kaynağı'), 'releases');
    expect(within(dialog).getByLabelText('acme/web deseni')).toHaveAttribute(
      'placeholder',
      DEFAULT_DEPLOYMENT_PATTERNS.releases,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      repos: [
        { repoId: 'r-1', source: 'tags', pattern: '^release-' },
        { repoId: 'r-2', source: 'releases', pattern: null },
      ],
      incidentLabelPattern: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says in English that a pattern is too long', async () => {
    await i18n.changeLanguage('en');
    settingsServer(deliverySettingsFixture());
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Delivery settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivery settings' });
    const labels = await within(dialog).findByLabelText('Incident label pattern');
    await userEvent.click(labels);
    await userEvent.paste('x'.repeat(201));
    expect(
      within(dialog).getByText('A pattern can be at most 200 characters long.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('shows a new incident token once, with a curl example, then only that one exists', async () => {
    const { calls } = settingsServer(deliverySettingsFixture());
    renderSection();
    let dialog = await openSettings();
    expect(await within(dialog).findByTestId('incident-token-state')).toHaveTextContent(
      'Henüz olay belirteci yok.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Belirteç oluştur' }));
    const shown = await within(dialog).findByTestId('incident-token-value');
    expect(shown).toHaveTextContent('yalnızca bir kez gösterilir');
    expect(shown).toHaveTextContent('tok-1');
    const curl = within(shown).getByTestId('incident-curl');
    expect(curl).toHaveTextContent('curl -X POST');
    expect(curl).toHaveTextContent('/api/projects/p-1/incidents');
    expect(curl).toHaveTextContent('Authorization: Bearer tok-1');
    expect(within(shown).getByRole('button', { name: 'Kopyala' })).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openSettings();
    const state = await within(dialog).findByTestId('incident-token-state');
    expect(state).toHaveTextContent('Bir olay belirteci var');
    expect(within(dialog).queryByText('tok-1')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Belirteci yenile' }));
    expect(await within(dialog).findByText('tok-2')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Belirteci sil' }));
    await waitFor(() =>
      expect(within(dialog).getByTestId('incident-token-state')).toHaveTextContent(
        'Henüz olay belirteci yok.',
      ),
    );
    expect(calls).toEqual(['POST', 'POST', 'DELETE']);
  });
});

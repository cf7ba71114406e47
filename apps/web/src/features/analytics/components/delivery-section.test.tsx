import type { Delivery } from '@rota/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { ItemsScopeProvider } from '../../../components/items/items-scope';
import { i18n } from '../../../lib/i18n';
import {
  deliveryFixture,
  deliverySettingsFixture,
  itemsFixture,
} from '../../../test/delivery-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { DeliverySection } from './delivery-section';

function deliveryServer(body: Delivery) {
  const seen: URL[] = [];
  server.use(
    http.get('/api/projects/p-1/delivery', ({ request }) => {
      seen.push(new URL(request.url));
      return ok(body);
    }),
  );
  return seen;
}

function renderSection(path = '/projects/p-1?tab=analytics') {
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
    path,
  );
}

const missing = (gap: 'noDeployments' | 'noIncidents' | 'noMergedChanges' | 'notDeployedYet') => ({
  ...deliveryFixture(),
  sources: deliveryFixture().sources,
  deployment_frequency: {
    ...deliveryFixture().deployment_frequency,
    ...(gap === 'noDeployments'
      ? { deployments: 0, deployment_days: 0, per_week: null, days_per_week: null, gap }
      : {}),
    band: { band: gap === 'noDeployments' ? null : ('elite' as const), year: 2024 },
  },
  lead_time: {
    ...deliveryFixture().lead_time,
    ...(gap === 'noIncidents' ? {} : { count: 0, median: null, p75: null, avg: null, gap }),
  },
  time_to_restore: {
    ...deliveryFixture().time_to_restore,
    ...(gap === 'noIncidents' ? { count: 0, median: null, p75: null, avg: null, gap } : {}),
  },
});

describe('delivery section', () => {
  it('shows the four keys with their DORA bands in words, rework and the stages, for the period in the address', async () => {
    const seen = deliveryServer(deliveryFixture());
    renderSection('/projects/p-1?tab=analytics&days=90&authors=all');
    const frequency = await screen.findByTestId('delivery-deployment_frequency');
    expect(seen[0]!.searchParams.get('days')).toBe('90');
    expect(seen[0]!.searchParams.get('authors')).toBe('all');
    expect(frequency).toHaveTextContent('Haftada 5,6');
    expect(frequency).toHaveTextContent('DORA: Elit');
    expect(frequency).toHaveTextContent('18 günde 24 dağıtım');
    expect(screen.getByTestId('delivery-lead_time')).toHaveTextContent('20 saat');
    expect(screen.getByTestId('delivery-lead_time')).toHaveTextContent('DORA: Yüksek');
    expect(screen.getByTestId('delivery-lead_time')).toHaveTextContent('75. yüzdelik 2,1 gün');
    expect(screen.getByTestId('delivery-change_failure_rate')).toHaveTextContent('%13');
    expect(screen.getByTestId('delivery-change_failure_rate')).toHaveTextContent('DORA: Orta');
    expect(screen.getByTestId('delivery-change_failure_rate')).toHaveTextContent(
      '24 dağıtımın 3 tanesi başarısız',
    );
    expect(screen.getByTestId('delivery-time_to_restore')).toHaveTextContent('DORA: Düşük');
    expect(screen.getByTestId('delivery-rework_rate')).toHaveTextContent('%8');
    expect(screen.getByTestId('dora-year')).toHaveTextContent('Düzeyler DORA 2024 eşiklerine göre');
    expect(screen.getByTestId('stage-coding')).toHaveTextContent(
      'Ortanca 10 saat · 75. yüzdelik 20 saat',
    );
    expect(screen.getByTestId('delivery-source-r-1')).toHaveTextContent('otomatik: etiketler');
    expect(screen.getByTestId('delivery-source-r-1')).toHaveTextContent('dönemde 24 dağıtım');
    expect(screen.queryByTestId('delivery-gaps')).toBeNull();
  });

  it('opens the deployments behind the frequency', async () => {
    deliveryServer(deliveryFixture());
    const seen: URL[] = [];
    server.use(
      http.get('/api/projects/p-1/analytics/items', ({ request }) => {
        seen.push(new URL(request.url));
        return ok(itemsFixture('deployments', [], { total: 0 }));
      }),
    );
    renderSection();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Dağıtım sıklığı: 24 dağıtımı göster' }),
    );
    expect(await screen.findByTestId('items-empty')).toBeInTheDocument();
    expect(seen[0]!.searchParams.get('metric')).toBe('deployments');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(
      screen.getByRole('button', { name: 'Kodlama: 30 çekme isteğini göster' }),
    );
    await screen.findByTestId('items-empty');
    expect(seen.at(-1)!.searchParams.get('metric')).toBe('stage_coding');
  });

  it('says why each missing figure is missing and what to set up, never an empty panel', async () => {
    deliveryServer({
      ...missing('noDeployments'),
      lead_time: { ...missing('noMergedChanges').lead_time },
    });
    const { unmount } = renderSection();
    const gap = await screen.findByTestId('delivery-gap-noDeployments');
    expect(gap).toHaveTextContent('Bu dönemde dağıtım bulunamadı. Son dağıtım:');
    expect(gap).toHaveTextContent(
      'Kaynağı seçin: GitHub dağıtımları, sürümler, iş akışı çalıştırmaları veya etiketler',
    );
    expect(screen.getByTestId('delivery-deployment_frequency')).toHaveTextContent(
      'Bu dönemde dağıtım yok',
    );
    expect(screen.getByTestId('delivery-lead_time')).toHaveTextContent(
      'Bu dönemde birleştirilen yok',
    );
    expect(screen.getByTestId('delivery-gap-noMergedChanges')).toHaveTextContent(
      'teslim süresi birleştirilen değişikliklerden ölçülür',
    );
    server.use(
      http.get('/api/projects/p-1/delivery/settings', () => ok(deliverySettingsFixture())),
    );
    await userEvent.click(within(gap).getByRole('button', { name: 'Kaynağı seçin' }));
    expect(await screen.findByRole('dialog', { name: 'Teslimat ayarları' })).toBeInTheDocument();
    unmount();

    deliveryServer(missing('noIncidents'));
    renderSection();
    expect(await screen.findByTestId('delivery-gap-noIncidents')).toHaveTextContent(
      'Bu dönemde kaydedilen olay yok; hizmeti geri getirme süresi ölçülmedi. Olaylar, etiketi ^incident$ desenine uyan konulardan',
    );
  });

  it('says each gap in English', async () => {
    await i18n.changeLanguage('en');
    deliveryServer(missing('notDeployedYet'));
    const { unmount } = renderSection();
    expect(await screen.findByTestId('delivery-gap-notDeployedYet')).toHaveTextContent(
      'The changes merged in this period are not deployed yet',
    );
    expect(screen.getByTestId('delivery-deployment_frequency')).toHaveTextContent('DORA: Elite');
    expect(screen.getByTestId('dora-year')).toHaveTextContent('Levels by the DORA 2024 thresholds');
    unmount();

    deliveryServer({
      ...missing('noDeployments'),
      sources: [{ ...deliveryFixture().sources[0]!, deployments: 0, last_deployed_at: null }],
    });
    const second = renderSection();
    expect(await screen.findByTestId('delivery-gap-noDeployments')).toHaveTextContent(
      'No deployment was found yet. Choose the source: GitHub deployments, releases, workflow runs or tags',
    );
    second.unmount();

    deliveryServer({
      ...deliveryFixture(),
      sources: [],
      deployment_frequency: {
        ...deliveryFixture().deployment_frequency,
        gap: 'noForgeRepos',
        per_week: null,
      },
    });
    renderSection();
    expect(await screen.findByTestId('delivery-gap-noForgeRepos')).toHaveTextContent(
      'Delivery figures are read from GitHub: add a GitHub repository to the project',
    );
    expect(screen.getByTestId('delivery-deployment_frequency')).toHaveTextContent(
      'Needs a GitHub repository',
    );
  });
});

import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  analysisReady,
  entryFixture,
  readmeResultFixture,
} from '../../../../test/analysis-fixtures';
import { projectFixture } from '../../../../test/project-fixtures';
import { renderRoutes } from '../../../../test/render';
import { server } from '../../../../test/server';
import { ReadmeTab } from './readme-tab';

const hostile =
  '# Fixture Shop\n\n<script>window.pwned = 1</script>\n\n<img src=x onerror="window.pwned = 2">\n\n[Do not click](javascript:window.pwned=3)\n\nSee [the guide](docs/guide.md).\n';

describe('README tab', () => {
  it('shows the score as a meter, the rubric with translated suggestions, and community files', async () => {
    server.use(
      http.get('/api/projects/p-1/readme-analysis', () =>
        analysisReady('readme', [entryFixture(readmeResultFixture(hostile))]),
      ),
    );
    renderRoutes(
      [{ path: '/projects/:id', element: <ReadmeTab project={projectFixture({ id: 'p-1' })} /> }],
      '/projects/p-1',
    );
    const meter = await screen.findByRole('meter', { name: 'README puanı' });
    expect(meter).toHaveAttribute('aria-valuenow', '75');
    expect(meter).toHaveAttribute('aria-valuetext', '100 üzerinden 75, orta');

    const checks = screen.getByTestId('readme-checks');
    const installation = within(checks).getByText('Kurulum').closest('li')!;
    expect(installation).toHaveTextContent('Kısmen');
    expect(installation).toHaveTextContent('5 / 10');
    expect(installation).toHaveTextContent(
      'Kurulum komutlarını Kurulum bölümünde bir kod bloğu içinde gösterin.',
    );
    expect(within(checks).getByText('Güvenlik').closest('li')).toHaveTextContent('Kaldı');
    expect(within(checks).getByText('Rozetler').closest('li')).toHaveTextContent('Uygulanmadı');

    const community = screen.getByTestId('community-files');
    expect(community).toHaveTextContent('Lisans: varLICENSE (kök dizin)');
    expect(community).toHaveTextContent(
      'Güvenlik açıklarının nasıl bildirileceğini anlatan bir SECURITY.md ekleyin.',
    );
  });

  it('renders the README sanitised: no script, no handler, no javascript: link, relative links on the host', async () => {
    server.use(
      http.get('/api/projects/p-1/readme-analysis', () =>
        analysisReady('readme', [entryFixture(readmeResultFixture(hostile))]),
      ),
    );
    renderRoutes(
      [{ path: '/projects/:id', element: <ReadmeTab project={projectFixture({ id: 'p-1' })} /> }],
      '/projects/p-1',
    );
    const rendered = await screen.findByTestId('readme-rendered');
    expect(
      within(rendered).getByRole('heading', { level: 1, name: 'Fixture Shop' }),
    ).toBeInTheDocument();
    expect(rendered.querySelector('script, img, [onerror], [href^="javascript:"]')).toBeNull();
    expect(within(rendered).queryByRole('link', { name: 'Do not click' })).toBeNull();
    expect(within(rendered).getByRole('link', { name: 'the guide' })).toHaveAttribute(
      'href',
      'https://github.com/acme/payments-api/blob/main/docs/guide.md',
    );
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });
});

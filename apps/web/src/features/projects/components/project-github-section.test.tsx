import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GitHubBlock } from '@rota/contracts';
import { ok, projectAnswer, projectFixture } from '../../../test/project-fixtures';
import { server } from '../../../test/server';
import { renderProjects, resetProjectStores } from './projects-test-utils';

resetProjectStores();

const contributor = { username: 'ayse', avatar_url: '', contributions: 45, repos: ['acme/api'] };
const ready: GitHubBlock = {
  status: 'ready',
  fetched_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  stale: false,
  pending: [],
  failed: [],
  repositories: [],
  contributors: [contributor],
  stats: {
    total_stars: 1234,
    total_forks: 5,
    total_repos: 2,
    total_open_pull_requests: 3,
    languages: ['TypeScript'],
    top_contributor: contributor,
  },
};

async function show(github: GitHubBlock | undefined) {
  const project = projectFixture({ id: 'p-1', name: 'Payments', ...(github ? { github } : {}) });
  server.use(
    projectAnswer(project),
    http.get('/api/projects', () => ok([])),
  );
  renderProjects('/projects/p-1');
  await screen.findByRole('heading', { name: 'Payments', level: 1 });
}

describe('GitHub section of the project page', () => {
  it('shows stars, forks, open pull requests and the top contributor, and when they were fetched', async () => {
    await show(ready);
    const region = screen.getByRole('region', { name: 'GitHub' });
    const value = (term: string) =>
      within(region).getByText(term).parentElement!.querySelector('dd')!.textContent;
    expect(value('Yıldız')).toBe('1.234');
    expect(value('Çatal')).toBe('5');
    expect(value('Açık çekme istekleri')).toBe('3');
    expect(value('En çok katkı veren')).toBe('ayse');
    expect(within(region).getByTestId('github-freshness')).toHaveTextContent(
      /GitHub'dan .* alındı$/,
    );
  });

  it('says in words that nothing is fetched yet, with no numbers', async () => {
    await show({
      ...ready,
      status: 'pending',
      fetched_at: null,
      stats: null,
      pending: ['acme/api'],
    });
    const region = screen.getByRole('region', { name: 'GitHub' });
    expect(region).toHaveTextContent('GitHub verileri henüz alınmadı');
    expect(within(region).queryByText('Yıldız')).toBeNull();
  });

  it('says old data may be out of date, and why a repository could not be read', async () => {
    await show({
      ...ready,
      stale: true,
      failed: [
        {
          full_name: 'acme/gone',
          error: { code: 'GITHUB_NOT_FOUND', message: 'GitHub has no such repository' },
        },
      ],
    });
    const region = screen.getByRole('region', { name: 'GitHub' });
    expect(within(region).getByTestId('github-freshness')).toHaveTextContent('güncel olmayabilir');
    expect(region).toHaveTextContent('acme/gone:');
  });

  it('is absent for a project without GitHub repositories', async () => {
    await show(undefined);
    expect(screen.queryByRole('region', { name: 'GitHub' })).toBeNull();
  });
});

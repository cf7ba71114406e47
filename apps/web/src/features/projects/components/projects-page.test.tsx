import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { projectsAnswer } from '../../../test/auth-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { ProjectsPage } from './projects-page';

describe('projects page', () => {
  it('says there are no projects yet when the list is empty', async () => {
    server.use(projectsAnswer([]));
    renderPage(<ProjectsPage />, '/projects');
    expect(await screen.findByText('Henüz proje yok')).toBeInTheDocument();
  });

  it('lists the projects the API returns', async () => {
    server.use(
      projectsAnswer([
        {
          id: 'p-1',
          name: 'Payments',
          description: 'Card processing',
          review_prompt: null,
          status: 'active',
          is_active: true,
          repo_count: 3,
          created_at: '2025-01-01T00:00:00Z',
          updated_at: '2025-01-01T00:00:00Z',
        },
      ]),
    );
    renderPage(<ProjectsPage />, '/projects');
    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByText('3 depo')).toBeInTheDocument();
  });
});

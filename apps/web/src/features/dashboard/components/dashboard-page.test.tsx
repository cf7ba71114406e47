import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyDashboardFixture } from '../../../test/analytics-fixtures';
import { errorAnswer, projectsAnswer } from '../../../test/auth-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { DashboardPage } from './dashboard-page';

const user = { name: null, email: 'grace.hopper@example.com' };
const project = (id: string) => ({
  id,
  name: `Project ${id}`,
  description: null,
  review_prompt: null,
  publish_reviews: false,
  status: 'active',
  is_active: true,
  repo_count: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
});

/**
 * Opens the dashboard with GET /api/projects held until the returned function is called (then
 * it answers with no projects); resolves once the request has been made.
 */
async function openWithProjectsHeld(): Promise<() => void> {
  let release: () => void = () => {};
  let arrived: () => void = () => {};
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  server.use(
    http.get('/api/projects', async () => {
      arrived();
      await new Promise<void>((resolve) => (release = resolve));
      return HttpResponse.json({ success: true, data: [] });
    }),
  );
  renderPage(<DashboardPage user={user} />, '/dashboard');
  await requested;
  return () => release();
}

describe('dashboard', () => {
  // The figures across projects are their own call (dashboard-insights.test.tsx); none here.
  beforeEach(() => {
    server.use(
      http.get('/api/dashboard', () =>
        HttpResponse.json({ success: true, data: emptyDashboardFixture() }),
      ),
    );
  });

  it('greets by display name and shows the real count of 0 with a way to projects', async () => {
    server.use(projectsAnswer([]));
    renderPage(<DashboardPage user={user} />, '/dashboard');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Merhaba, grace.hopper');
    expect(await screen.findByTestId('project-count')).toHaveTextContent('0');
    expect(screen.getByText('Henüz projeniz yok')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Projelere git' }));
    expect(await screen.findByText('projects page')).toBeInTheDocument();
  });

  it('shows the count the API returns', async () => {
    server.use(projectsAnswer([project('a'), project('b')]));
    renderPage(<DashboardPage user={user} />, '/dashboard');
    expect(await screen.findByTestId('project-count')).toHaveTextContent('2');
    expect(screen.queryByText('Henüz projeniz yok')).toBeNull();
  });

  it('links the three most recently updated projects, in the order the API gives', async () => {
    server.use(projectsAnswer(['d', 'c', 'b', 'a'].map(project)));
    renderPage(<DashboardPage user={user} />, '/dashboard');
    expect(await screen.findByTestId('project-count')).toHaveTextContent('4');
    const recent = screen.getByRole('heading', { name: 'Son güncellenen projeler' }).parentElement!;
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/projects/d',
      '/projects/c',
      '/projects/b',
    ]);
    expect(links[0]).toHaveTextContent('Project d');
  });

  it('shows a placeholder while loading instead of a number', async () => {
    const release = await openWithProjectsHeld();
    expect(screen.queryByTestId('project-count')).toBeNull();
    expect(screen.getByText('Projeler').closest('[aria-busy]')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    release();
    expect(await screen.findByTestId('project-count')).toHaveTextContent('0');
  });

  it('holds the recent projects card’s place while loading, and drops it when there are none', async () => {
    const release = await openWithProjectsHeld();
    // On a phone this card sits above the insights: appearing late would push them down (CLS).
    const placeholder = screen.getByTestId('recent-projects-loading');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(within(placeholder).getByRole('heading')).toHaveTextContent('Son güncellenen projeler');
    release();
    expect(await screen.findByTestId('project-count')).toHaveTextContent('0');
    expect(screen.queryByTestId('recent-projects-loading')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Son güncellenen projeler' })).toBeNull();
  });

  it('shows an error with a retry that reloads the count', async () => {
    server.use(
      http.get('/api/projects', () => errorAnswer(403, 'FORBIDDEN', 'Forbidden'), { once: true }),
      projectsAnswer([project('a')]),
    );
    renderPage(<DashboardPage user={user} />, '/dashboard');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bunu yapma yetkiniz yok.');
    expect(screen.queryByTestId('project-count')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    await waitFor(() => expect(screen.getByTestId('project-count')).toHaveTextContent('1'));
  });
});

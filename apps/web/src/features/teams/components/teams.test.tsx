import type { PersonFigures, ProjectIdentities, Team } from '@rota/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import { ok, recorder } from '../../../test/project-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { IdentitiesModal } from './identities-modal';
import { MyFiguresCard } from './my-figures-card';
import { PersonFiguresModal } from './person-figures-modal';
import { TeamsPanel } from './teams-panel';

const BASE = '/api/projects/p-1';
const AYSE = { id: 'm-1', name: 'Ayşe' };
const CEM = { id: 'm-2', name: 'Cem' };

const stat = (median: number | null) => ({
  count: median === null ? 0 : 1,
  median,
  p75: median,
  avg: median,
  not_measurable: 0,
});

const figures = (overrides: Partial<PersonFigures> = {}): PersonFigures => ({
  memberId: AYSE.id,
  name: AYSE.name,
  period: {
    days: 30,
    preset: 30,
    from: '2026-05-17',
    to: '2026-06-15',
    timeZone: 'UTC',
    since: '2026-05-17T00:00:00.000Z',
    until: '2026-06-15T12:00:00.000Z',
  },
  prs_opened: 4,
  prs_merged: 3,
  reviews: 7,
  commits: 21,
  time_to_first_review: stat(2),
  time_to_merge: stat(26),
  cycle_time: stat(null),
  ...overrides,
});

afterEach(async () => {
  await i18n.changeLanguage('tr');
});

describe('identities', () => {
  const identities = (claimed: ProjectIdentities['members'][number]['identities']) => ({
    members: [
      {
        memberId: AYSE.id,
        name: AYSE.name,
        github_login: null,
        teamId: null,
        identities: claimed,
        commits: claimed.length ? 9 : 0,
      },
    ],
    suggestions: [
      { name: 'Ayşe Y', email: 'ayse@acme.dev', commits: 9, memberId: AYSE.id, reason: 'sameName' },
      { name: 'Bora', email: 'bora@acme.dev', commits: 2, memberId: null, reason: null },
    ],
  });

  it('asks whether a likely e-mail is the member’s and saves it when accepted', async () => {
    await i18n.changeLanguage('tr');
    const puts = recorder();
    let saved: ProjectIdentities['members'][number]['identities'] = [];
    server.use(
      http.get(`${BASE}/identities`, () => ok(identities(saved))),
      http.put(`${BASE}/members/${AYSE.id}/identities`, async ({ request }) => {
        await puts.record(request);
        saved = [{ kind: 'email', value: 'ayse@acme.dev' }];
        return ok(identities(saved));
      }),
    );
    renderPage(<IdentitiesModal projectId="p-1" member={AYSE} onClose={() => {}} />);
    const suggestions = await screen.findByRole('list', { name: 'Önerilen kimlikler' });
    // Only the authors likely to be this member are asked about.
    expect(within(suggestions).getAllByRole('listitem')).toHaveLength(1);
    expect(suggestions).toHaveTextContent('Bu e-posta (ayse@acme.dev) Ayşe kişisine mi ait?');
    await userEvent.click(within(suggestions).getByRole('button', { name: 'Evet, ekle' }));
    await waitFor(() => expect(puts.calls).toHaveLength(1));
    expect(puts.calls[0]!.body).toEqual({
      identities: [{ kind: 'email', value: 'ayse@acme.dev' }],
    });
    expect(await screen.findByRole('list', { name: 'Kimlikler' })).toHaveTextContent(
      'ayse@acme.dev',
    );
    expect(screen.queryByRole('list', { name: 'Önerilen kimlikler' })).not.toBeInTheDocument();
  });

  it('adds a name by hand and replaces the whole list on save (English)', async () => {
    await i18n.changeLanguage('en');
    const puts = recorder();
    server.use(
      http.get(`${BASE}/identities`, () => ok(identities([{ kind: 'email', value: 'a@x.dev' }]))),
      http.put(`${BASE}/members/${AYSE.id}/identities`, async ({ request }) => {
        await puts.record(request);
        return ok(identities([]));
      }),
    );
    renderPage(<IdentitiesModal projectId="p-1" member={AYSE} onClose={() => {}} />);
    expect(await screen.findByText("Is this e-mail (ayse@acme.dev) Ayşe's?")).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'name');
    await userEvent.type(screen.getByLabelText('E-mail or name'), 'Ayşe Yılmaz');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove identity a@x.dev' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save identities' }));
    await waitFor(() => expect(puts.calls).toHaveLength(1));
    expect(puts.calls[0]!.body).toEqual({ identities: [{ kind: 'name', value: 'Ayşe Yılmaz' }] });
  });
});

describe('teams panel', () => {
  it('creates a team, puts members in it, and deletes it', async () => {
    await i18n.changeLanguage('en');
    const calls = recorder();
    let teams: Team[] = [];
    server.use(
      http.get(`${BASE}/teams`, () => ok(teams)),
      http.post(`${BASE}/teams`, async ({ request }) => {
        await calls.record(request);
        teams = [{ id: 't-1', name: 'Backend', memberIds: [], created_at: '2026-06-01T00:00:00Z' }];
        return ok(teams[0], 201);
      }),
      http.patch(`${BASE}/teams/t-1`, async ({ request }) => {
        await calls.record(request);
        teams = [{ ...teams[0]!, memberIds: [CEM.id] }];
        return ok(teams[0]);
      }),
      http.delete(`${BASE}/teams/t-1`, async ({ request }) => {
        await calls.record(request);
        teams = [];
        return ok({ id: 't-1', deleted: true });
      }),
    );
    renderPage(<TeamsPanel projectId="p-1" members={[AYSE, CEM]} />);
    expect(await screen.findByText('This project has no teams yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("New team's name"), 'Backend');
    await userEvent.click(screen.getByRole('button', { name: 'Create team' }));
    const members = await screen.findByRole('group', { name: 'Members of Backend' });
    await userEvent.click(within(members).getByLabelText('Cem'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.calls).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Delete team Backend' }));
    await waitFor(() => expect(calls.calls).toHaveLength(3));
    expect(calls.calls.map((call) => [call.method, call.body])).toEqual([
      ['POST', { name: 'Backend', memberIds: [] }],
      ['PATCH', { name: 'Backend', memberIds: [CEM.id] }],
      ['DELETE', undefined],
    ]);
    expect(await screen.findByText('This project has no teams yet.')).toBeInTheDocument();
  });
});

describe('a person’s figures', () => {
  it('shows one person’s figures and asks again for another period', async () => {
    await i18n.changeLanguage('en');
    const asked: string[] = [];
    server.use(
      http.get(`${BASE}/people/${AYSE.id}/figures`, ({ request }) => {
        const days = new URL(request.url).searchParams.get('days') ?? '';
        asked.push(days);
        return ok(figures(days === '90' ? { prs_merged: 11, commits: null } : {}));
      }),
    );
    renderPage(<PersonFiguresModal projectId="p-1" member={AYSE} onClose={() => {}} />);
    const merged = await screen.findByText('Pull requests merged');
    expect(merged.nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Commits').nextSibling).toHaveTextContent('21');
    expect(screen.getByText('Cycle time (median)').nextSibling).toHaveTextContent('Not measured');
    await userEvent.selectOptions(screen.getByLabelText('Period'), '90');
    await waitFor(() =>
      expect(screen.getByText('Pull requests merged').nextSibling).toHaveTextContent('11'),
    );
    expect(screen.getByText('Commits').nextSibling).toHaveTextContent('Not known for this period');
    expect(asked).toEqual(['30', '90']);
  });
});

describe('my figures', () => {
  it('is hidden for a user who is a member of no project', async () => {
    const asked: string[] = [];
    server.use(
      http.get('/api/me/figures', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('days') ?? '');
        return ok([]);
      }),
    );
    const view = renderPage(<MyFiguresCard />);
    await waitFor(() =>
      expect(view.client.getQueryState(['me', 'figures', 30])?.status).toBe('success'),
    );
    expect(asked).toEqual(['30']);
    expect(
      screen.queryByRole('region', { name: /rakamlarım|my figures/i }),
    ).not.toBeInTheDocument();
  });

  it('shows the last 30 days of each project the user is a member of', async () => {
    await i18n.changeLanguage('tr');
    server.use(
      http.get('/api/me/figures', () =>
        ok([{ ...figures(), projectId: 'p-1', projectName: 'Rota' }]),
      ),
    );
    renderPage(<MyFiguresCard />);
    const card = await screen.findByRole('region', { name: 'Benim rakamlarım' });
    const project = within(card).getByRole('region', { name: 'Rota' });
    expect(
      within(project).getByText('Başkalarına yapılan incelemeler').nextSibling,
    ).toHaveTextContent('7');
  });
});

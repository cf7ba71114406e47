import type {
  AgreementCompliance,
  AgreementPreview,
  ProjectAgreementCompliance,
  ProjectAgreements,
} from '@rota/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { AgreementsTab } from './agreements-tab';

const BASE = '/api/projects/p-1/agreements';
const counts = (kept: number, broken: number, pending = 0) => ({
  checked: kept + broken,
  kept,
  broken,
  pending,
  compliance: kept + broken === 0 ? null : Math.round((kept / (kept + broken)) * 1000) / 10,
});

function settings(enabled: boolean): ProjectAgreements {
  const off = { includeBots: false, includeAgents: false, enabledAt: null };
  return {
    agreements: [
      { kind: 'firstReviewWithin', enabled, threshold: 8, ...off },
      { kind: 'maxChangedLines', enabled: false, threshold: 400, ...off },
      { kind: 'approvalBeforeMerge', enabled, threshold: null, ...off },
      { kind: 'rotaReviewBeforeMerge', enabled: false, threshold: null, ...off },
      { kind: 'maxOpenDays', enabled: false, threshold: 7, ...off },
      { kind: 'minReviewers', enabled: false, threshold: 1, ...off },
    ],
    workingTime: {
      timeZone: 'Europe/Istanbul',
      weekdays: [1, 2, 3, 4, 5],
      start: '09:00',
      end: '18:00',
    },
  };
}

const approval: AgreementCompliance = {
  kind: 'approvalBeforeMerge',
  enabled: true,
  threshold: null,
  ...counts(3, 1, 2),
  byAuthor: { human: counts(3, 1, 2), bot: counts(0, 2), agent: counts(0, 0) },
  breaches: [
    {
      repository: 'acme/api',
      number: 42,
      title: 'Speed up the importer',
      url: 'https://github.com/acme/api/pull/42',
      authorLogin: 'bora',
      authorKind: 'human',
      breachedAt: '2026-06-14T10:00:00.000Z',
    },
  ],
};
const firstReview: AgreementCompliance = {
  kind: 'firstReviewWithin',
  enabled: true,
  threshold: 8,
  ...counts(4, 0),
  byAuthor: { human: counts(4, 0), bot: counts(0, 0), agent: counts(0, 0) },
  breaches: [],
};

function compliance(
  days: number,
  include: { bots: boolean; agents: boolean },
): ProjectAgreementCompliance {
  return {
    days,
    since: '2026-05-16T12:00:00.000Z',
    until: '2026-06-15T12:00:00.000Z',
    include,
    agreements: [firstReview, approval],
  };
}

function answer(
  stored: ProjectAgreements,
  seen: URL[] = [],
  bodies: unknown[] = [],
  saves: unknown[] = [],
) {
  server.use(
    http.get(BASE, () => ok(stored)),
    http.get(`${BASE}/compliance`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const include = url.searchParams.get('include') ?? '';
      return ok(
        compliance(Number(url.searchParams.get('days')), {
          bots: include.includes('bots'),
          agents: include.includes('agents'),
        }),
      );
    }),
    http.post(`${BASE}/preview`, async ({ request }) => {
      const body = (await request.json()) as {
        agreements: Array<{ kind: string; enabled: boolean }>;
      };
      bodies.push(body);
      // Fires only when approval before merging is on, as the server's rule would on its data.
      const on = body.agreements.some((a) => a.kind === 'approvalBeforeMerge' && a.enabled);
      const preview: AgreementPreview = {
        days: 30,
        since: '2026-05-16T12:00:00.000Z',
        until: '2026-06-15T12:00:00.000Z',
        fired: on ? 12 : 0,
        pullRequests: on ? 9 : 0,
        agreements: on
          ? [{ kind: 'approvalBeforeMerge', threshold: null, fired: 12, breaches: [] }]
          : [],
      };
      return ok(preview);
    }),
    // Saves apart from previews: a preview asked for while typing may be read after the save.
    http.put(BASE, async ({ request }) => {
      saves.push(await request.json());
      return ok(settings(true));
    }),
  );
  return { seen, bodies, saves };
}

function renderTab(path = '/projects/p-1?tab=agreements') {
  return renderRoutes(
    [{ path: '/projects/:id', element: <AgreementsTab projectId="p-1" /> }],
    path,
  );
}

describe('working agreements tab', () => {
  it('says what to set up when no agreement is on, and opens the editor', async () => {
    answer(settings(false));
    renderTab();
    expect(await screen.findByText('Henüz açık bir çalışma anlaşması yok')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Anlaşmaları düzenle' }));
    expect(await screen.findByTestId('agreements-editor')).toBeInTheDocument();
  });

  it('shows each agreement’s compliance, author kinds apart and the pull requests that broke it', async () => {
    const { seen } = answer(settings(true));
    renderTab();
    const card = await screen.findByTestId('agreement-approvalBeforeMerge');
    expect(seen[0]?.searchParams.get('days')).toBe('30');
    expect(seen[0]?.searchParams.has('include')).toBe(false);
    expect(within(card).getByText('Birleştirmeden önce onay')).toBeInTheDocument();
    expect(within(card).getByTestId('agreement-compliance')).toHaveTextContent('%75');
    const byAuthor = within(card).getByTestId('agreement-by-author');
    expect(byAuthor).toHaveTextContent('Botlar');
    expect(byAuthor).toHaveTextContent('Bozulan: 2');
    const link = within(card).getByRole('link', { name: /acme\/api#42 Speed up the importer/ });
    expect(link).toHaveAttribute('href', 'https://github.com/acme/api/pull/42');
    expect(
      within(screen.getByTestId('agreement-firstReviewWithin')).getByText(
        'İlk inceleme 8 çalışma saati içinde',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '90 gün' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Botları da say' }));
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('include')).toBe('bots'));
    expect(seen.at(-1)?.searchParams.get('days')).toBe('90');
  });

  it('the editor previews an unsaved set and saves it', async () => {
    const { bodies, saves } = answer(settings(false));
    renderTab('/projects/p-1?tab=agreements&edit=agreements');
    const editor = await screen.findByTestId('agreements-editor');
    expect(await within(editor).findByTestId('agreements-preview')).toHaveTextContent(
      'Son 30 günde hiç bozulmazdı',
    );
    await userEvent.click(
      within(editor).getByRole('checkbox', { name: /Birleştirmeden önce onay/ }),
    );
    await waitFor(() =>
      expect(within(editor).getByTestId('agreements-preview')).toHaveTextContent(
        '12 kez bozulurdu, 9 çekme isteğinde',
      ),
    );
    const previewed = bodies.at(-1) as { agreements: Array<{ kind: string; enabled: boolean }> };
    expect(previewed.agreements.find((a) => a.kind === 'approvalBeforeMerge')?.enabled).toBe(true);

    // A threshold out of range is refused in the form, in Turkish, and nothing is sent.
    await userEvent.click(within(editor).getByRole('checkbox', { name: /İlk inceleme süresi/ }));
    const hours = within(editor).getByRole('spinbutton', { name: /Çalışma saati/ });
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    expect(within(editor).getByText('1 ile 200 arasında bir tam sayı girin')).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Kaydet' })).toBeDisabled();
    await userEvent.clear(hours);
    await userEvent.type(hours, '6');

    await userEvent.click(within(editor).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(screen.queryByTestId('agreements-editor')).not.toBeInTheDocument());
    expect(saves).toHaveLength(1);
    const saved = saves[0] as {
      agreements: Array<{ kind: string; threshold: number | null }>;
    };
    expect(saved.agreements.find((a) => a.kind === 'firstReviewWithin')?.threshold).toBe(6);
  });

  it('speaks English when the language is English', async () => {
    answer(settings(true));
    await i18n.changeLanguage('en');
    try {
      renderTab();
      const card = await screen.findByTestId('agreement-approvalBeforeMerge');
      expect(within(card).getByText('Approval before merging')).toBeInTheDocument();
      expect(within(card).getByTestId('agreement-compliance')).toHaveTextContent('75%');
    } finally {
      await i18n.changeLanguage('tr');
    }
  });
});

describe('working agreements tab, failures', () => {
  it('says the agreements could not be read, and tries again', async () => {
    answer(settings(false));
    server.use(
      http.get(BASE, () => errorAnswer(404, 'NOT_FOUND', 'Project not found'), { once: true }),
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Çalışma anlaşmaları okunamadı');
    await userEvent.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByText('Henüz açık bir çalışma anlaşması yok')).toBeInTheDocument();
  });
});

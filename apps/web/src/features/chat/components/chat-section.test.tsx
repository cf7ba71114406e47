import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatMessages, type ChatDestination } from '@rota/contracts';
import { useUiStore } from '../../../lib/ui-store';
import { ok, recorder } from '../../../test/project-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { i18n } from '../../../lib/i18n';
import { ChatSection } from './chat-section';
import { projectChat } from './project-chat';

beforeEach(() => useUiStore.setState({ notifications: [] }));

const BASE = '/api/projects/p-1/chat-destinations';

const slack: ChatDestination = {
  id: 'd-1',
  projectId: 'p-1',
  name: 'Ekip kanalı',
  format: 'slack',
  urlMasked: 'https://hooks.slack.com/…Qa12',
  topics: ['agreementBroken', 'workFailed'],
  createdAt: '2026-01-01T00:00:00Z',
};

function show(list: ChatDestination[]) {
  server.use(http.get(BASE, () => ok(list)));
  return renderPage(<ChatSection projectId="p-1" />, '/projects/p-1');
}

describe('chat notifications of a project', () => {
  it('lists each channel with its format, masked address and topics', async () => {
    show([slack]);
    const row = await screen.findByRole('listitem', { name: 'Ekip kanalı' });
    expect(within(row).getByText('Slack')).toBeInTheDocument();
    expect(within(row).getByText('https://hooks.slack.com/…Qa12')).toBeInTheDocument();
    expect(within(row).getByText('Bozulan çalışma anlaşmaları')).toBeInTheDocument();
    expect(
      within(row).getByText('Başarısız analiz, depo getirme ve eşitlemeler'),
    ).toBeInTheDocument();
    expect(within(row).queryByText('Özet')).toBeNull();
  });

  it('says when no channel is added, and adds one with name, format, address and topics', async () => {
    const sent = recorder();
    const created = {
      ...slack,
      id: 'd-2',
      name: 'Sürüm',
      format: 'teams' as const,
      topics: ['digest' as const],
    };
    server.use(
      http.post(BASE, async ({ request }) => {
        await sent.record(request);
        return ok(created, 201);
      }),
    );
    show([]);
    expect(await screen.findByText('Henüz bir sohbet kanalı eklenmedi.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Kanal ekle' }));
    const form = screen.getByRole('form', { name: 'Yeni sohbet kanalı' });
    await user.type(within(form).getByLabelText('Ad'), 'Sürüm');
    await user.selectOptions(within(form).getByLabelText('Biçim'), 'teams');
    await user.type(
      within(form).getByLabelText('Webhook adresi'),
      'https://example.webhook.office.com/x',
    );
    for (const topic of [
      'Bozulan çalışma anlaşmaları',
      "Rota'nın değişiklik isteyen incelemeleri",
      'Başarısız analiz, depo getirme ve eşitlemeler',
    ])
      await user.click(within(form).getByLabelText(topic));
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('listitem', { name: 'Sürüm' })).toBeInTheDocument();
    expect(sent.calls[0]!.body).toEqual({
      name: 'Sürüm',
      format: 'teams',
      webhookUrl: 'https://example.webhook.office.com/x',
      topics: ['digest'],
    });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('words the server’s refusal of a private host on the address field, and keeps the form', async () => {
    server.use(
      http.post(BASE, () =>
        HttpResponse.json(
          {
            success: false,
            error: {
              code: 'VALIDATION_ERROR',
              message: 'Validation failed',
              errors: [{ path: 'webhookUrl', message: ChatMessages.private }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    show([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kanal ekle' }));
    const form = screen.getByRole('form', { name: 'Yeni sohbet kanalı' });
    await user.type(within(form).getByLabelText('Ad'), 'İç');
    await user.type(within(form).getByLabelText('Webhook adresi'), 'https://chat.internal/x');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(
      await within(form).findByText(
        'Webhook sunucusu özel bir ağda; herkese açık bir adres kullanın',
      ),
    ).toBeInTheDocument();
  });

  it('checks the fields before sending: an empty name and address are refused in words', async () => {
    const sent = recorder();
    server.use(
      http.post(BASE, async ({ request }) => {
        await sent.record(request);
        return ok(slack, 201);
      }),
    );
    show([]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Kanal ekle' }));
    const form = screen.getByRole('form', { name: 'Yeni sohbet kanalı' });
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(within(form).getByText('Kanala bir ad verin')).toBeInTheDocument();
    expect(
      within(form).getByText('Tam webhook adresini https:// ile başlayarak girin'),
    ).toBeInTheDocument();
    expect(sent.calls).toHaveLength(0);
  });

  it('edits a channel and keeps its address when the field is left empty', async () => {
    const sent = recorder();
    server.use(
      http.put(`${BASE}/d-1`, async ({ request }) => {
        await sent.record(request);
        return ok({ ...slack, name: 'Yeni ad' });
      }),
    );
    show([slack]);
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: 'Ekip kanalı' });
    await user.click(within(row).getByRole('button', { name: 'Düzenle' }));
    const form = screen.getByRole('form', { name: 'Sohbet kanalını düzenle' });
    expect(
      within(form).getByText(/kayıtlı adres korunur \(https:\/\/hooks\.slack\.com\/…Qa12\)/),
    ).toBeInTheDocument();
    const name = within(form).getByLabelText('Ad');
    await user.clear(name);
    await user.type(name, 'Yeni ad');
    await user.click(within(form).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByRole('listitem', { name: 'Yeni ad' })).toBeInTheDocument();
    expect(sent.calls[0]!.body).toEqual({
      name: 'Yeni ad',
      format: 'slack',
      topics: ['agreementBroken', 'workFailed'],
    });
  });

  it('deletes a channel after a confirmation', async () => {
    let deleted = false;
    server.use(
      http.delete(`${BASE}/d-1`, () => {
        deleted = true;
        return ok({ id: 'd-1', deleted: true });
      }),
    );
    show([slack]);
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: 'Ekip kanalı' });
    await user.click(within(row).getByRole('button', { name: 'Sil' }));
    expect(deleted).toBe(false);
    await user.click(within(row).getByRole('button', { name: 'Silmeyi onayla' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Ekip kanalı' })).toBeNull());
    expect(deleted).toBe(true);
    expect(screen.getByText('Henüz bir sohbet kanalı eklenmedi.')).toBeInTheDocument();
  });

  it('sends a test message and shows what the channel answered', async () => {
    const answers = [
      { accepted: true, outcome: 'accepted', status: 200, detail: null },
      { accepted: false, outcome: 'rejected', status: 404, detail: 'no_service' },
    ];
    server.use(http.post(`${BASE}/d-1/test`, () => ok(answers.shift())));
    show([slack]);
    const user = userEvent.setup();
    const row = await screen.findByRole('listitem', { name: 'Ekip kanalı' });
    await user.click(within(row).getByRole('button', { name: 'Test mesajı gönder' }));
    expect(await within(row).findByTestId('chat-test-result')).toHaveTextContent(
      'Gönderildi: kanal mesajı kabul etti (HTTP 200).',
    );
    await user.click(within(row).getByRole('button', { name: 'Test mesajı gönder' }));
    await waitFor(() =>
      expect(within(row).getByTestId('chat-test-result')).toHaveTextContent(
        'Kanal mesajı reddetti (HTTP 404). Webhook adresini ve biçimi denetleyin.Kanalın yanıtı: no_service',
      ),
    );
  });

  it('is a tab of the project page named in the UI language', async () => {
    expect(projectChat({ id: 'p-1' }).tabs.map((tab) => [tab.id, tab.label])).toEqual([
      ['chat', 'Sohbet bildirimleri'],
    ]);
    await i18n.changeLanguage('en');
    try {
      expect(projectChat({ id: 'p-1' }).tabs[0]!.label).toBe('Chat notifications');
    } finally {
      await i18n.changeLanguage('tr');
    }
  });
});

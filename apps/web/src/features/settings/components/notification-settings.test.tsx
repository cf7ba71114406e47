import type { DigestPreview } from '@rota/contracts';
import { ValidationMessages as M } from '@rota/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorAnswer } from '../../../test/auth-fixtures';
import { ok } from '../../../test/project-fixtures';
import { renderPage } from '../../../test/render';
import { server } from '../../../test/server';
import { settingsAnswers, settingsFixture } from '../../../test/settings-fixtures';
import { SettingsPage } from './settings-page';

async function openSettings(settings = settingsFixture()) {
  const { handlers, writes, record } = settingsAnswers({ settings });
  server.use(
    ...handlers,
    http.put('/api/user/settings', async ({ request }) => {
      await record(request);
      return ok(settings);
    }),
  );
  renderPage(<SettingsPage />, '/settings');
  await screen.findByTestId('settings-notifications');
  return { writes, digest: within(screen.getByTestId('settings-digest')) };
}

const preview = (overrides: Partial<DigestPreview> = {}): DigestPreview => ({
  frequency: 'weekly',
  sendsAt: '2026-12-07T06:00:00Z',
  from: '2026-11-30T06:00:00Z',
  to: '2026-12-07T06:00:00Z',
  subject: 'Rota: haftanın özeti',
  html: '<h1>Özet</h1><script>parent.stolen = true</script>',
  text: 'Özet\n3 çekme isteği birleştirildi',
  hasContent: true,
  ...overrides,
});

describe('notification settings', () => {
  it('offers the agreement and failure flags with what they mean, and says push is not built', async () => {
    const { writes } = await openSettings();
    const section = within(screen.getByTestId('settings-notifications'));
    const broken = section.getByLabelText('Bir çalışma anlaşması bozulduğunda');
    expect(broken).toBeChecked();
    expect(broken).toHaveAccessibleDescription(
      'Projelerimden birinde bir çekme isteği çalışma anlaşmalarından birine uymadığında.',
    );
    expect(section.getByText(/Tarayıcı bildirimleri henüz yapılmadı/)).toBeInTheDocument();
    await userEvent.click(section.getByLabelText('Bir iş başarısız olduğunda'));
    await userEvent.click(section.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      notifications: expect.objectContaining({ agreementBroken: true, workFailed: false }),
    });
  });

  it('saves the digest: frequency, hour in the named zone and weekday', async () => {
    const { writes, digest } = await openSettings(
      settingsFixture({
        preferences: { theme: 'system', language: 'tr', timezone: 'Europe/Istanbul' },
      }),
    );
    expect(digest.getByRole('radio', { name: 'Haftalık' })).toBeChecked();
    const hour = digest.getByLabelText('Saat');
    expect(hour).toHaveValue('9');
    expect(hour).toHaveAccessibleDescription('Saat diliminiz: Europe/Istanbul');
    await userEvent.selectOptions(hour, '18:00');
    await userEvent.selectOptions(digest.getByLabelText('Gün'), 'Cuma');
    await userEvent.click(digest.getByRole('button', { name: 'Özet ayarlarını kaydet' }));
    expect(await screen.findByText('Özet ayarları kaydedildi')).toBeInTheDocument();
    await userEvent.click(digest.getByRole('radio', { name: 'Günlük' }));
    expect(digest.queryByLabelText('Gün')).not.toBeInTheDocument();
    await userEvent.click(digest.getByRole('button', { name: 'Özet ayarlarını kaydet' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes.map((write) => write.body)).toEqual([
      { notifications: { digest: 'weekly', digestHour: 18, digestWeekday: 5 } },
      { notifications: { digest: 'daily', digestHour: 18, digestWeekday: 5 } },
    ]);
  });

  it("shows the server's refusal on the field, in Turkish", async () => {
    const { digest } = await openSettings();
    server.use(
      http.put('/api/user/settings', () =>
        errorAnswer(400, 'VALIDATION_ERROR', 'Validation failed', [
          { path: 'notifications.digestHour', message: M.settingDigestHour },
        ]),
      ),
    );
    await userEvent.click(digest.getByRole('button', { name: 'Özet ayarlarını kaydet' }));
    expect(await digest.findByText('0 ile 23 arasında tam bir saat olmalıdır')).toBeInTheDocument();
    expect(await screen.findByText('Özet ayarları kaydedilemedi')).toBeInTheDocument();
  });

  it('previews the next digest in a sandboxed frame, or as plain text', async () => {
    await openSettings();
    server.use(http.get('/api/notifications/digest/preview', () => ok(preview())));
    await i18n.changeLanguage('en');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const panel = within(await screen.findByTestId('settings-digest-preview'));
    const frame = await panel.findByTitle('Preview of the digest');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', preview().html);
    expect(panel.getByTestId('digest-sends-at')).toHaveTextContent(
      /^The next digest goes out on .*2026/,
    );
    await userEvent.click(panel.getByRole('button', { name: 'Plain text' }));
    expect(panel.getByText(/3 çekme isteği birleştirildi/)).toBeInTheDocument();
    expect(panel.queryByTitle('Preview of the digest')).not.toBeInTheDocument();
  });

  it('says when nothing would be sent, and words a failed preview', async () => {
    await openSettings();
    server.use(
      http.get('/api/notifications/digest/preview', () => ok(preview({ hasContent: false }))),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Önizleme' }));
    expect(await screen.findByTestId('digest-sends-at')).toHaveTextContent(
      'Bu dönemde gönderilecek bir şey yok; özet gönderilmeyecek.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Önizlemeyi kapat' }));
    server.use(
      http.get('/api/notifications/digest/preview', () =>
        errorAnswer(503, 'SERVICE_UNAVAILABLE', 'Service unavailable'),
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Önizleme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Önizleme alınamadı');
  });
});

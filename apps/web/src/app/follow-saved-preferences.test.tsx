import { render, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserSettings } from '@rota/contracts';
import { i18n } from '../lib/i18n';
import { emitSessionEvent } from '../lib/session';
import { currentTimeZone, setTimeZone } from '../lib/time-zone';
import { useUiStore } from '../lib/ui-store';
import { ok } from '../test/project-fixtures';
import { server } from '../test/server';
import { settingsFixture } from '../test/settings-fixtures';
import { Providers } from './providers';

afterEach(() => {
  useUiStore.getState().setTheme('system');
  setTimeZone(null);
});

/** The app's providers, with GET /api/user/settings answering `settings`; counts the reads. */
function signedInBrowser(settings: UserSettings) {
  let reads = 0;
  server.use(
    http.get('/api/user/settings', () => {
      reads += 1;
      return ok(settings);
    }),
  );
  localStorage.setItem('token', 'access-1');
  render(
    <Providers>
      <p>app</p>
    </Providers>,
  );
  return { reads: () => reads };
}

describe('after a sign-in the saved preferences take over', () => {
  it('applies the theme, language and time zone the user chose', async () => {
    const browser = signedInBrowser(
      settingsFixture({
        preferences: { theme: 'dark', language: 'en', timezone: 'Asia/Tokyo' },
        chosenPreferences: ['theme', 'language', 'timezone'],
      }),
    );
    expect(browser.reads()).toBe(0);
    emitSessionEvent({ type: 'signed-in' });
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(document.documentElement).toHaveClass('dark');
    expect(useUiStore.getState().theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(currentTimeZone()).toBe('Asia/Tokyo');
  });

  it('leaves what this browser shows where the user chose nothing, or a language not offered yet', async () => {
    useUiStore.getState().setTheme('light');
    const browser = signedInBrowser(
      settingsFixture({
        preferences: { theme: 'dark', language: 'de', timezone: null },
        chosenPreferences: ['language'],
      }),
    );
    emitSessionEvent({ type: 'signed-in' });
    await waitFor(() => expect(browser.reads()).toBe(1));
    // Give the answer time to be applied, were anything applied.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(i18n.language).toBe('tr');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(useUiStore.getState().theme).toBe('light');
  });

  it('reads nothing on a refreshed or expired session', async () => {
    const browser = signedInBrowser(settingsFixture());
    emitSessionEvent({ type: 'refreshed', token: 'access-2' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(browser.reads()).toBe(0);
  });
});

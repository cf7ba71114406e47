import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, storedLanguage } from '../../lib/i18n';
import { storedTheme } from '../../lib/theme';
import { useUiStore } from '../../lib/ui-store';
import { LanguageSwitch } from './language-switch';
import { ThemeSwitch } from './theme-switch';

beforeEach(() => {
  useUiStore.getState().setTheme('system');
  localStorage.clear();
});

describe('language switch', () => {
  it('offers each language in its own name, Turkish chosen by default', () => {
    render(<LanguageSwitch />);
    const group = screen.getByRole('group', { name: 'Dil' });
    const turkish = within(group).getByRole('button', { name: 'Türkçe' });
    const english = within(group).getByRole('button', { name: 'English' });
    expect(turkish).toHaveAttribute('lang', 'tr');
    expect(english).toHaveAttribute('lang', 'en');
    expect(turkish).toHaveAttribute('aria-pressed', 'true');
    expect(english).toHaveAttribute('aria-pressed', 'false');
  });

  it('switches the whole UI, the page language and the stored choice for the next visit', async () => {
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('language')).toBe('en');
    expect(storedLanguage()).toBe('en');
    // Re-rendered in English: the group's name follows.
    const group = screen.getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('theme switch', () => {
  it('marks the current theme and stores a new one, applying dark to the page', async () => {
    render(<ThemeSwitch />);
    const group = screen.getByRole('group', { name: 'Tema' });
    expect(within(group).getByRole('button', { name: 'Sistem' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'Koyu' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(storedTheme()).toBe('dark');
    expect(within(group).getByRole('button', { name: 'Koyu' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await userEvent.click(within(group).getByRole('button', { name: 'Açık' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(storedTheme()).toBe('light');
  });
});

import { describe, expect, it } from 'vitest';
import { installMatchMedia } from '../test/match-media';
import { resolveTheme, storedTheme } from './theme';

describe('theme helpers', () => {
  it('reads the stored theme and defaults to system', () => {
    expect(storedTheme()).toBe('system');
    localStorage.setItem('theme', 'dark');
    expect(storedTheme()).toBe('dark');
    localStorage.setItem('theme', 'purple');
    expect(storedTheme()).toBe('system');
  });

  it('resolves system from the OS preference', () => {
    installMatchMedia(true);
    expect(resolveTheme('system')).toBe('dark');
    installMatchMedia(false);
    expect(resolveTheme('system')).toBe('light');
    expect(resolveTheme('dark')).toBe('dark');
  });
});

import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '../test/match-media';
import { DEFAULT_NOTIFICATION_DURATION_MS, notify, startThemeSync, useUiStore } from './ui-store';

describe('notifications (spec §4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useUiStore.setState({ notifications: [] });
  });
  afterEach(() => vi.useRealTimers());

  it('auto-dismisses after 5000 ms by default', () => {
    expect(DEFAULT_NOTIFICATION_DURATION_MS).toBe(5000);
    const id = notify.success('Saved');
    expect(useUiStore.getState().notifications).toEqual([
      { id, type: 'success', title: 'Saved', duration: 5000 },
    ]);
    vi.advanceTimersByTime(4999);
    expect(useUiStore.getState().notifications).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useUiStore.getState().notifications).toHaveLength(0);
  });

  it('keeps a notification with duration 0 until it is closed', () => {
    const id = notify.error('Broken', { duration: 0 });
    vi.advanceTimersByTime(60_000);
    expect(useUiStore.getState().notifications.map((n) => n.id)).toEqual([id]);
    useUiStore.getState().dismissNotification(id);
    expect(useUiStore.getState().notifications).toHaveLength(0);
  });

  it('honours a custom duration and supports all four types', () => {
    notify.warning('Careful', { duration: 1000 });
    notify.info('FYI');
    notify.error('Oops');
    expect(useUiStore.getState().notifications.map((n) => n.type)).toEqual([
      'warning',
      'info',
      'error',
    ]);
    vi.advanceTimersByTime(1000);
    expect(useUiStore.getState().notifications.map((n) => n.type)).toEqual(['info', 'error']);
  });
});

describe('theme (spec §4)', () => {
  const root = document.documentElement;
  let stopSync: (() => void) | undefined;
  afterEach(() => {
    stopSync?.();
    root.classList.remove('dark');
  });

  it('dark adds the class and persists, light removes it', () => {
    useUiStore.getState().setTheme('dark');
    expect(root).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    useUiStore.getState().setTheme('light');
    expect(root).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('system follows the OS preference live', () => {
    const os = installMatchMedia(true);
    stopSync = startThemeSync();
    act(() => useUiStore.getState().setTheme('system'));
    expect(root).toHaveClass('dark');
    os.setMatches(false);
    expect(root).not.toHaveClass('dark');
    os.setMatches(true);
    expect(root).toHaveClass('dark');
  });

  it('an explicit choice ignores OS changes', () => {
    const os = installMatchMedia(false);
    stopSync = startThemeSync();
    useUiStore.getState().setTheme('light');
    os.setMatches(true);
    expect(root).not.toHaveClass('dark');
  });
});

describe('modals and loading flags (spec §3)', () => {
  it('opens and closes a modal with its payload', () => {
    useUiStore.getState().openModal('editProject', { id: 'p-1' });
    expect(useUiStore.getState().modals.editProject).toEqual({
      open: true,
      payload: { id: 'p-1' },
    });
    useUiStore.getState().closeModal('editProject');
    expect(useUiStore.getState().modals.editProject).toEqual({ open: false, payload: null });
  });

  it('keeps named loading flags', () => {
    useUiStore.getState().setLoading('projects', true);
    expect(useUiStore.getState().loading.projects).toBe(true);
  });
});

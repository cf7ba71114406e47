import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify, useUiStore } from '../../lib/ui-store';
import { Toaster } from './toaster';

beforeEach(() => useUiStore.setState({ notifications: [] }));

describe('toaster', () => {
  it('shows store notifications bottom right and closing one removes it from the store', async () => {
    const { container } = render(<Toaster />);
    act(() => {
      notify.success('Kaydedildi', { duration: 0 });
    });
    expect(await screen.findByText('Kaydedildi')).toBeInTheDocument();
    expect(
      container.querySelector('[data-y-position="bottom"][data-x-position="right"]'),
    ).not.toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Bildirimi kapat' }));
    await waitFor(() => expect(useUiStore.getState().notifications).toHaveLength(0));
  });

  it('hides a toast when the store dismisses it', async () => {
    render(<Toaster />);
    let id = '';
    act(() => {
      id = notify.info('Bilgi', { duration: 0 });
    });
    expect(await screen.findByText('Bilgi')).toBeInTheDocument();
    act(() => useUiStore.getState().dismissNotification(id));
    await waitFor(() => expect(screen.queryByText('Bilgi')).toBeNull());
  });

  it('sits at the bottom, away from the header and the actions at the top of each page', async () => {
    const { container } = render(<Toaster />);
    act(() => {
      notify.error('Sunucuya ulaşılamadı', { duration: 0 });
    });
    expect(await screen.findByText('Sunucuya ulaşılamadı')).toBeInTheDocument();
    expect(container.querySelector('[data-y-position="bottom"]')).not.toBeNull();
    expect(container.querySelector('[data-y-position="top"]')).toBeNull();
  });
});

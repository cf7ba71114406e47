import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify, useUiStore } from '../../lib/ui-store';
import { Notifications } from './notifications';

beforeEach(() => useUiStore.setState({ notifications: [] }));

describe('notifications', () => {
  it('renders nothing, so loads no toaster, until there is something to show', () => {
    const { container } = render(<Notifications />);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the first notification once the toaster has loaded, and keeps the toaster', async () => {
    const { container } = render(<Notifications />);
    let id = '';
    act(() => {
      id = notify.error('Bağlantı kurulamadı', { duration: 0 });
    });
    expect(await screen.findByText('Bağlantı kurulamadı')).toBeInTheDocument();
    act(() => useUiStore.getState().dismissNotification(id));
    expect(container.querySelector('section')).not.toBeNull();
  });
});

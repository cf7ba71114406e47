import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify, useUiStore } from '../../lib/ui-store';
import { Toaster } from './toaster';

beforeEach(() => useUiStore.setState({ notifications: [] }));

describe('toaster', () => {
  it('shows store notifications top right and closing one removes it from the store', async () => {
    const { container } = render(<Toaster />);
    act(() => {
      notify.success('Kaydedildi', { duration: 0 });
    });
    expect(await screen.findByText('Kaydedildi')).toBeInTheDocument();
    expect(
      container.querySelector('[data-y-position="top"][data-x-position="right"]'),
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

  it("starts below the page's header, so the header's menus stay reachable", async () => {
    render(
      <>
        <header data-testid="banner">menus</header>
        <main>
          <section>
            <header data-testid="section-header">a section's own heading block</header>
          </section>
        </main>
        <Toaster />
      </>,
    );
    const box = (bottom: number) => ({ bottom }) as DOMRect;
    vi.spyOn(screen.getByTestId('banner'), 'getBoundingClientRect').mockReturnValue(box(64));
    vi.spyOn(screen.getByTestId('section-header'), 'getBoundingClientRect').mockReturnValue(
      box(400),
    );
    act(() => {
      notify.error('Sunucuya ulaşılamadı', { duration: 0 });
    });
    expect(await screen.findByText('Sunucuya ulaşılamadı')).toBeInTheDocument();
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    // 64 px of header and a 12 px gap, on wide screens and on phones alike.
    expect(toaster?.style.getPropertyValue('--offset-top')).toBe('76px');
    expect(toaster?.style.getPropertyValue('--mobile-offset-top')).toBe('76px');
  });

  it('uses the top of the screen when the header has scrolled away', async () => {
    render(
      <>
        <header data-testid="banner">menus</header>
        <Toaster />
      </>,
    );
    vi.spyOn(screen.getByTestId('banner'), 'getBoundingClientRect').mockReturnValue({
      bottom: -200,
    } as DOMRect);
    act(() => {
      notify.info('Bilgi', { duration: 0 });
    });
    expect(await screen.findByText('Bilgi')).toBeInTheDocument();
    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]');
    expect(toaster?.style.getPropertyValue('--offset-top')).toBe('12px');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>open</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Projeyi sil"
        description="Bu işlem geri alınamaz."
      >
        <Button>confirm</Button>
      </Modal>
    </>
  );
}

describe('modal', () => {
  it('is a labelled dialog that takes focus and closes on Escape', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projeyi sil' });
    expect(dialog).toHaveAccessibleDescription('Bu işlem geri alınamaz.');
    expect(dialog.contains(document.activeElement)).toBe(true);

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'open' })).toHaveFocus());
  });

  it('keeps focus inside while tabbing', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('has a translated close button', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Kapat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeferredMenu, type MenuBody } from './deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from './dropdown-menu';

const RealMenu: MenuBody = ({ trigger, triggerProps, defaultOpen }) => (
  <DropdownMenu defaultOpen={defaultOpen}>
    <DropdownMenuTrigger {...triggerProps}>{trigger}</DropdownMenuTrigger>
    <DropdownMenuContent>
      <DropdownMenuItem>Settings</DropdownMenuItem>
    </DropdownMenuContent>
  </DropdownMenu>
);

/** The menu's code, arriving when the test says so. */
function codeArriving() {
  let arrive: () => void = () => {};
  const arrived = new Promise<MenuBody>((resolve) => (arrive = () => resolve(RealMenu)));
  return { load: () => arrived, arrive };
}

const renderMenu = (load: () => Promise<MenuBody>) =>
  render(
    <>
      <button type="button">before</button>
      <DeferredMenu load={load} className="trigger" testId="menu" trigger={<span>Account</span>} />
    </>,
  );

describe('DeferredMenu: a menu whose code comes after the page', () => {
  it('stands in with a plain menu button, and a press opens the menu once its code is in', async () => {
    const code = codeArriving();
    renderMenu(code.load);
    const standIn = screen.getByTestId('menu');
    expect(standIn).toHaveAccessibleName('Account');
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    expect(standIn).toHaveAttribute('aria-expanded', 'false');
    expect(standIn).toHaveClass('trigger');

    await userEvent.click(standIn);
    expect(screen.queryByRole('menu')).toBeNull();
    code.arrive();
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent('Settings');
    expect(screen.getByTestId('menu')).toHaveAttribute('aria-expanded', 'true');
  });

  it('fetches its code once the page has settled, and the keyboard focus stays on the trigger', async () => {
    let asked = 0;
    renderMenu(() => {
      asked += 1;
      return Promise.resolve(RealMenu);
    });
    await userEvent.tab();
    await userEvent.tab();
    const standIn = screen.getByTestId('menu');
    expect(standIn).toHaveFocus();
    expect(asked).toBe(0);

    // afterPageSettles: the load event has passed in jsdom, then 1 s and an idle moment.
    await waitFor(() => expect(asked).toBe(1), { timeout: 3_000 });
    await waitFor(() => expect(screen.getByTestId('menu')).not.toBe(standIn));
    expect(screen.getByTestId('menu')).toHaveFocus();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('stays a stand-in when its code cannot be fetched, and the next press asks again', async () => {
    let asked = 0;
    renderMenu(() => {
      asked += 1;
      return asked === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve(RealMenu);
    });
    await userEvent.click(screen.getByTestId('menu'));
    await waitFor(() => expect(asked).toBe(1));
    expect(screen.getByTestId('menu')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(screen.getByTestId('menu'));
    expect(await screen.findByRole('menu')).toHaveTextContent('Settings');
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('names an icon-only trigger by its label, before and after its code is in', async () => {
    render(
      <DeferredMenu
        load={() => Promise.resolve(RealMenu)}
        label="Actions for Payments"
        className="trigger"
        trigger={<svg aria-hidden="true" />}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Payments' }));
    expect(await screen.findByRole('menu')).toHaveTextContent('Settings');
    expect(screen.getByRole('button', { name: 'Actions for Payments' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});

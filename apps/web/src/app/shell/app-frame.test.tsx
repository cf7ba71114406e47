import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Logo } from '../../components/ui/logo';
import { i18n } from '../../lib/i18n';
import { testQueryClient } from '../../test/render';
import {
  APP_FRAME_HTML,
  HEADER_CLASSES,
  HEADER_ROW_CLASSES,
  MAIN_CLASSES,
  SHELL_CLASSES,
} from './app-frame';
import { Header } from './header';

function frame() {
  const root = document.createElement('div');
  root.innerHTML = APP_FRAME_HTML;
  return root;
}

describe('the static frame the server paints before any JavaScript', () => {
  it('is the shell around an empty page: its box, header bar and main area', () => {
    const shell = frame().firstElementChild!;
    expect(shell.className).toBe(SHELL_CLASSES);
    expect(shell.querySelector(':scope > header')?.className).toBe(HEADER_CLASSES);
    expect(shell.querySelector(':scope > header > div')?.className).toBe(HEADER_ROW_CLASSES);
    expect(shell.querySelector(':scope > main')?.className).toBe(MAIN_CLASSES);
    expect(shell.querySelector('main')?.childElementCount).toBe(0);
  });

  it.each(['tr', 'en'])('shows the logo exactly as the header draws it (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const { container } = render(
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <Header />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const drawn = container.querySelector('header > div > a > span')!;
    expect(container.querySelector('header')?.className).toBe(HEADER_CLASSES);
    expect(frame().querySelector('header > div > span')?.outerHTML).toBe(drawn.outerHTML);
    const logo = render(<Logo />).container.firstElementChild!;
    expect(logo.outerHTML).toBe(drawn.outerHTML);
    await i18n.changeLanguage('tr');
  });
});

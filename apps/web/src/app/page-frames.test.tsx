import { render } from '@testing-library/react';
import { MemoryRouter, type RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AnalyzeFullPage } from '../features/analysis/components/report/analyze-full-page';
import {
  REPORT_FRAME_HTML,
  REPORT_HEADER_CLASSES,
  REPORT_HEADER_ROW_CLASSES,
  REPORT_MAIN_CLASSES,
  REPORT_PAGE_CLASSES,
} from '../features/analysis/components/report/report-frame';
import { Logo } from '../components/ui/logo';
import { PAGE_FRAMES } from './page-frames';
import { routes } from './routes';

/** The frame file the server sends for a path, following the table as it does. */
const frameOf = (pathname: string) =>
  PAGE_FRAMES.find((frame) => new RegExp(frame.paths).test(pathname))?.file ?? null;

/** Every page of the route table, with the frame its first paint must match. */
const PAGES: Array<[route: string, sample: string, frame: string | null]> = [
  ['/login', '/login', null],
  ['/register', '/register', null],
  ['/auth/callback', '/auth/callback', null],
  ['/analyze-full/:id', '/analyze-full/p-1', 'report-frame.html'],
  ['/', '/', 'app-frame.html'],
  ['/dashboard', '/dashboard', 'app-frame.html'],
  ['/projects', '/projects', 'app-frame.html'],
  ['/projects/:id', '/projects/p-1', 'app-frame.html'],
  ['/settings', '/settings', 'app-frame.html'],
  ['/notifications', '/notifications', 'app-frame.html'],
  // Unknown paths go to the dashboard, inside the shell.
  ['*', '/no/such/page', 'app-frame.html'],
];

const routePaths = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);

describe('which frame the server paints into each page', () => {
  it('names every page of the route table, so a new page gets its frame decided', () => {
    expect(PAGES.map(([route]) => route).sort()).toEqual(routePaths(routes).sort());
  });

  it.each(PAGES)('%s gets %s', (_route, sample, frame) => {
    expect(frameOf(sample)).toBe(frame === null ? null : frame);
  });

  it.each(['tr', 'en'])(
    "the report's frame is the report page's own box (%s)",
    async (language) => {
      const { i18n } = await import('../lib/i18n');
      await i18n.changeLanguage(language);
      const { container } = render(
        <MemoryRouter>
          <AnalyzeFullPage project={undefined} state="loading" />
        </MemoryRouter>,
      );
      const page = container.firstElementChild!;
      const frame = document.createElement('div');
      frame.innerHTML = REPORT_FRAME_HTML;
      const framed = frame.firstElementChild!;
      expect(page.className).toBe(REPORT_PAGE_CLASSES);
      expect(framed.className).toBe(REPORT_PAGE_CLASSES);
      for (const [selector, classes] of [
        [':scope > header', REPORT_HEADER_CLASSES],
        [':scope > header > div', REPORT_HEADER_ROW_CLASSES],
        [':scope > main', REPORT_MAIN_CLASSES],
      ] as const) {
        expect(page.querySelector(selector)?.className).toBe(classes);
        expect(framed.querySelector(selector)?.className).toBe(classes);
      }
      expect(framed.querySelector('main')?.childElementCount).toBe(0);
      const drawn = page.querySelector('header > div > a > span')!;
      expect(framed.querySelector('header > div > span')?.outerHTML).toBe(drawn.outerHTML);
      expect(render(<Logo />).container.firstElementChild!.outerHTML).toBe(drawn.outerHTML);
      await i18n.changeLanguage('tr');
    },
  );
});

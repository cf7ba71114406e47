import { LOGO_HTML } from '../../../../components/ui/logo-parts';

/**
 * The full report's frame as static HTML: its page box and header bar with the Rota logo, and an
 * empty main area. The server sends it inside the report's page (`report-frame.html`, written by
 * the build; paths in `app/page-frames.ts`), so a phone paints the report's frame as soon as the
 * HTML and CSS arrive instead of a blank page until the report's JavaScript has run (
 * the report was the one page left without a frame, first contentful paint ~2.6 s on Lighthouse's
 * slow 4G). React's first render replaces it with the same frame, filled. Nothing in it depends on
 * the language or is interactive.
 *
 * Its classes are AnalyzeFullPage's; `report-frame.test.tsx` renders the page and fails when the
 * two drift apart.
 */
export const REPORT_PAGE_CLASSES =
  'rota-report min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100 print:bg-white';
export const REPORT_HEADER_CLASSES =
  'border-b border-slate-200 bg-white print:hidden dark:border-slate-800 dark:bg-slate-900';
export const REPORT_HEADER_ROW_CLASSES = 'mx-auto flex max-w-6xl items-center px-4 py-3';
export const REPORT_MAIN_CLASSES =
  'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 print:max-w-none print:px-0 print:py-0';

export const REPORT_FRAME_HTML =
  `<div class="${REPORT_PAGE_CLASSES}">` +
  `<header class="${REPORT_HEADER_CLASSES}"><div class="${REPORT_HEADER_ROW_CLASSES}">${LOGO_HTML}</div></header>` +
  `<main class="${REPORT_MAIN_CLASSES}"></main></div>`;

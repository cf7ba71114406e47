import { LOGO_HTML } from '../../components/ui/logo-parts';

/**
 * The signed-in pages' frame as static HTML: the shell's background, its header bar with the Rota
 * mark and word, and an empty main area. The build writes it into a copy of index.html
 * (`app-frame.html`, by `vite-app-frame.ts`), which the server sends for the pages inside the shell
 * (the paths are in `app/page-frames.ts`), so a phone paints the frame as soon as the HTML and CSS arrive
 * instead of a blank screen until all the signed-in JavaScript has (first contentful
 * paint ~2.5 s under Lighthouse's slow 4G). React's first render replaces it with the same frame,
 * filled. Nothing here depends on the language ("Rota" in both) or is interactive.
 *
 * Its classes and the logo's markup are the AppShell's, Header's and Logo's; `app-frame.test.tsx`
 * renders those and fails when they drift apart.
 */
export const SHELL_CLASSES =
  'flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100';
export const HEADER_CLASSES =
  'relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900';
export const HEADER_ROW_CLASSES = 'mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:gap-4';
export const MAIN_CLASSES = 'mx-auto min-h-dvh w-full max-w-6xl flex-1 px-4 py-8';

export const APP_FRAME_HTML =
  `<div class="${SHELL_CLASSES}">` +
  `<header class="${HEADER_CLASSES}"><div class="${HEADER_ROW_CLASSES}">${LOGO_HTML}</div></header>` +
  `<main class="${MAIN_CLASSES}"></main></div>`;

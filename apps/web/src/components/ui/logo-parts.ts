/**
 * The Rota logo's markup parts (the mark is public/favicon.svg's), shared by the Logo component and
 * the static frames the server paints before any JavaScript (`app/page-frames.ts`).
 */
export const LOGO_CLASSES = 'inline-flex shrink-0 items-center gap-2 whitespace-nowrap';
export const LOGO_WORD_CLASSES = 'text-xl font-bold tracking-tight text-slate-900 dark:text-white';
export const LOGO_MARK_PATH =
  'M9 23V9h7.5a4.5 4.5 0 0 1 1.2 8.84L22.5 23h-3.9l-4.2-5H12.6v5zm3.6-8h3.6a1.5 1.5 0 0 0 0-3h-3.6z';
export const LOGO_MARK_COLOR = '#4338ca';

/** The logo as static HTML, for those frames ("Rota" in both languages). */
export const LOGO_HTML =
  `<span class="${LOGO_CLASSES}">` +
  `<svg viewBox="0 0 32 32" class="size-8" aria-hidden="true">` +
  `<rect width="32" height="32" rx="8" fill="${LOGO_MARK_COLOR}"></rect>` +
  `<path d="${LOGO_MARK_PATH}" fill="#fff"></path></svg>` +
  `<span class="${LOGO_WORD_CLASSES}">Rota</span></span>`;

import { useLayoutEffect, useState } from 'react';

/** Space between the page's header and the first toast. */
export const TOAST_GAP_PX = 12;

// The page's banner: a <header> that is not the heading block of some section inside the page.
function bannerBottom(): number {
  const banner = Array.from(document.querySelectorAll('header')).find(
    (header) => !header.closest('main, article, aside, nav, section, [role="dialog"]'),
  );
  // Scrolled out of view, the header needs no room: the toasts may use the top of the screen.
  return banner ? Math.max(0, banner.getBoundingClientRect().bottom) : 0;
}

/**
 * How far from the top toasts must start so they never cover the header's controls (language,
 * theme, user menu), measured rather than assumed: the header's height differs between the app
 * shell and the sign-in pages, and between phone and desktop. It is watched only while a toast is
 * shown (`active`), through scrolling, resizing and page changes.
 */
export function useHeaderClearance(active: boolean): number {
  const [top, setTop] = useState(TOAST_GAP_PX);
  useLayoutEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      setTop(Math.round(bannerBottom()) + TOAST_GAP_PX);
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    // A route change swaps the header (shell ↔ sign-in page) without scrolling or resizing.
    const pageChanges = new MutationObserver(schedule);
    pageChanges.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      pageChanges.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [active]);
  return top;
}

/**
 * Runs `task` once the page has loaded and settled: after the window's `load` event, a pause of
 * `pauseMs`, and then the browser's next idle moment (at the latest `idleTimeoutMs` later). For
 * work that nothing on screen waits for — the stored session's check, preloading a modal's code.
 * Started while the page itself is still arriving, such work competes with it for a phone's
 * network and CPU: on the project page the session check's and the modals' chunks were requested
 * just before its content painted, and a phone's Lighthouse run counts every request begun
 * before that paint. Returns a function that cancels whatever is still pending.
 */
export function afterPageSettles(
  task: () => void,
  { pauseMs = 1_000, idleTimeoutMs = 2_000 } = {},
): () => void {
  let cancelPending = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(task, { timeout: idleTimeoutMs });
      cancelPending = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(task, 0);
      cancelPending = () => window.clearTimeout(id);
    }
  };
  const pause = () => {
    const id = window.setTimeout(whenIdle, pauseMs);
    cancelPending = () => window.clearTimeout(id);
  };
  if (document.readyState === 'complete') pause();
  else {
    window.addEventListener('load', pause, { once: true });
    cancelPending = () => window.removeEventListener('load', pause);
  }
  return () => cancelPending();
}

import { useEffect, type ReactNode } from 'react';
import { Notifications } from '../components/ui/notifications';
import { useAuthStore } from '../features/auth';
import { startThemeSync } from '../lib/ui-store';

/** Runs `task` once the browser is idle (soon after the page has painted), at the latest in `ms`. */
function whenIdle(task: () => void, ms: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: ms });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}

/**
 * On start, a stored token is checked once with the server (SPEC §4). The check waits until the
 * page has painted: nothing on screen depends on it (every API call carries the token and answers
 * 401 itself), its answer was already asked for early (`app/early-requests.ts`), and loading its
 * code during the first render made that code part of the page's critical path (issue 10 §5).
 */
function useVerifyStoredSession() {
  // Cancelled on unmount, so StrictMode's mount-unmount-mount still checks once.
  useEffect(
    () =>
      whenIdle(() => {
        if (useAuthStore.getState().token) void useAuthStore.getState().verify();
      }, 2_000),
    [],
  );
}

export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => startThemeSync(), []);
  useVerifyStoredSession();
  return (
    <>
      {children}
      <Notifications />
    </>
  );
}

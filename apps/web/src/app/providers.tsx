import { useEffect, type ReactNode } from 'react';
import { Notifications } from '../components/ui/notifications';
import { useAuthStore } from '../features/auth';
import { afterPageSettles } from '../lib/after-page-settles';
import { onSessionEvent } from '../lib/session';
import { startThemeSync } from '../lib/ui-store';

/**
 * On start, a stored token is checked once with the server (spec §4). The check waits until the
 * page has loaded and settled: nothing on screen depends on it (every API call carries the token and answers
 * 401 itself), its answer was already asked for early (`app/early-requests.ts`), and loading its
 * code during the first render made that code part of the page's critical path.
 */
function useVerifyStoredSession() {
  // Cancelled on unmount, so StrictMode's mount-unmount-mount still checks once.
  useEffect(
    () =>
      afterPageSettles(() => {
        if (useAuthStore.getState().token) void useAuthStore.getState().verify();
      }),
    [],
  );
}

/**
 * After a sign-in on this browser (form, registration or GitHub) the theme, language and time zone
 * the user saved in their settings take over from what the browser had (features/settings). That
 * code loads only then: the sign-in pages stay small.
 */
function useFollowSavedPreferences() {
  useEffect(
    () =>
      onSessionEvent((event) => {
        if (event.type !== 'signed-in') return;
        void import('../features/settings/follow-saved-preferences')
          .then((module) => module.followSavedPreferences())
          // The browser keeps what it shows; the next sign-in tries again.
          .catch((error: unknown) => console.warn('saved preferences were not applied', error));
      }),
    [],
  );
}

export function Providers({ children }: { children: ReactNode }) {
  useEffect(() => startThemeSync(), []);
  useVerifyStoredSession();
  useFollowSavedPreferences();
  return (
    <>
      {children}
      <Notifications />
    </>
  );
}

import { useEffect, useRef, type ReactNode } from 'react';
import { Notifications } from '../components/ui/notifications';
import { useAuthStore } from '../features/auth';
import { startThemeSync } from '../lib/ui-store';

/** On start, a stored token is checked once with the server (SPEC §4). */
function useVerifyStoredSession() {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (useAuthStore.getState().token) void useAuthStore.getState().verify();
  }, []);
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

import { lazy, Suspense, useState } from 'react';
import { useUiStore } from '../../lib/ui-store';

const Toaster = lazy(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * The app's notifications. The toaster (sonner, about 9 KB compressed) is fetched with the first
 * notification rather than with every page: most visits, the sign-in page's above all, never show
 * one. Once loaded it stays mounted, so toasts can animate out and the next one appears at once.
 */
export function Notifications() {
  const hasNotifications = useUiStore((state) => state.notifications.length > 0);
  const [needed, setNeeded] = useState(hasNotifications);
  if (hasNotifications && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { useUiStore } from '../../lib/ui-store';

// Above modals (z-50), so a failure inside a dialog is seen; below open menus (z-60), so a toast
// never hides the language or user menu someone is using.
const TOASTER_Z_INDEX = 55;

/**
 * Shows the ui store's notifications with sonner at the bottom right (on a phone, along the
 * bottom: sonner's own phone layout), spec §2. Not at the top: pages keep their actions there
 * (New project, Edit, Delete, Full report, the header's menus), and a toast lived five seconds
 * over them. The store owns the timing
 * (spec §4: 5000 ms unless the duration is 0), so sonner is told to keep each toast until the
 * store removes it; closing a toast by hand removes it from the store.
 */
export function Toaster() {
  const { t } = useTranslation();
  const notifications = useUiStore((state) => state.notifications);
  const dismiss = useUiStore((state) => state.dismissNotification);
  const theme = useUiStore((state) => state.theme);
  const shown = useRef(new Set<string>());

  useEffect(() => {
    const current = new Set(notifications.map((notification) => notification.id));
    for (const notification of notifications) {
      if (shown.current.has(notification.id)) continue;
      shown.current.add(notification.id);
      toast[notification.type](notification.title, {
        id: notification.id,
        duration: Number.POSITIVE_INFINITY,
        onDismiss: () => dismiss(notification.id),
        ...(notification.description ? { description: notification.description } : {}),
      });
    }
    for (const id of shown.current) {
      if (current.has(id)) continue;
      shown.current.delete(id);
      toast.dismiss(id);
    }
  }, [notifications, dismiss]);

  return (
    <SonnerToaster
      position="bottom-right"
      theme={theme}
      style={{ zIndex: TOASTER_Z_INDEX }}
      closeButton
      containerAriaLabel={t('notifications.region')}
      toastOptions={{ closeButtonAriaLabel: t('notifications.close') }}
    />
  );
}

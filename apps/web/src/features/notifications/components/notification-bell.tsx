import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { useLatestNotifications } from '../api/list-notifications';
import { useMarkRead } from '../api/mark-read';
import { useNotificationStream } from '../model/use-notification-stream';
import { NotificationItem } from './notification-item';

/** The badge's text: the count, "99+" above 99. */
export const badgeText = (unread: number, locale: string) =>
  unread > 99 ? `${formatNumber(99, locale)}+` : formatNumber(unread, locale);

/**
 * The header's bell (docs/web-pages.md): the unread count, and a panel of the latest few —
 * a popover beside the bell, a full-width sheet under the header on a phone. It keeps the live
 * stream open while the signed-in shell is shown.
 */
export function NotificationBell() {
  const { t, i18n } = useTranslation();
  const live = useNotificationStream();
  const { data, isPending, isError } = useLatestNotifications(!live);
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unread = data?.unread ?? 0;

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const close = () => setOpen(false);
  const label =
    unread > 0
      ? t('notificationCenter.bellUnread', { count: unread })
      : t('notificationCenter.title');

  return (
    <div className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => setOpen((was) => !was)}
        className={cn(
          'relative inline-flex size-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100',
          'focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:outline-indigo-400',
          open && 'bg-slate-100 dark:bg-slate-800',
        )}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-[0.6875rem] leading-5 font-semibold text-white"
          >
            {badgeText(unread, i18n.language)}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          role="dialog"
          aria-label={t('notificationCenter.title')}
          tabIndex={-1}
          className={cn(
            'absolute inset-x-0 top-full z-40 mt-px flex max-h-[80dvh] flex-col border-y border-slate-200 bg-white shadow-lg',
            'sm:inset-x-auto sm:right-0 sm:mt-2 sm:w-96 sm:rounded-lg sm:border',
            'focus:outline-none dark:border-slate-800 dark:bg-slate-900',
          )}
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 dark:border-slate-800">
            <h2 className="text-sm font-semibold">{t('notificationCenter.title')}</h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={() => markRead.mutate({ all: true })}
                className="rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-indigo-950/40"
              >
                {t('notificationCenter.markAll')}
              </button>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-1">
            {isPending ? (
              <div className="flex justify-center py-6">
                <Spinner />
              </div>
            ) : isError || !data ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-400">
                {t('notificationCenter.loadFailed')}
              </p>
            ) : data.items.length === 0 ? (
              <p className="px-3 py-6 text-center text-sm text-slate-600 dark:text-slate-400">
                {t('notificationCenter.empty')}
              </p>
            ) : (
              <ul className="flex flex-col gap-0.5">
                {data.items.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={close} compact />
                ))}
              </ul>
            )}
          </div>
          <Link
            to="/notifications"
            onClick={close}
            className="border-t border-slate-200 px-3 py-2.5 text-center text-sm font-medium text-indigo-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:border-slate-800 dark:text-indigo-300 dark:hover:bg-slate-800"
          >
            {t('notificationCenter.seeAll')}
          </Link>
        </div>
      )}
    </div>
  );
}

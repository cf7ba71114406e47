import type { Notification } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { useMarkRead } from '../api/mark-read';
import { notificationReason, notificationText } from '../model/wording';

const isAppPath = (link: string) => link.startsWith('/') && !link.startsWith('//');

/**
 * One notification in the bell's panel or on the page: its sentence, project, how long ago and
 * an unread dot. Choosing it marks it read and opens its page inside Rota.
 */
export function NotificationItem({
  item,
  onOpen,
  compact = false,
}: {
  item: Notification;
  /** Called before navigating (the panel closes). */
  onOpen?: () => void;
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { mutate } = useMarkRead();
  const unread = item.readAt === null;
  const sentence = notificationText(t, item);
  const reason = notificationReason(t, item);

  const open = () => {
    if (unread) mutate({ ids: [item.id] });
    onOpen?.();
    // `link` is a path of this app; anything else (another origin) is not followed.
    if (isAppPath(item.link)) void navigate(item.link);
  };

  return (
    <li className="min-w-0" data-testid="notification-item" data-unread={unread || undefined}>
      <div
        className={cn(
          'flex min-w-0 items-start gap-3 rounded-md px-3 py-2.5',
          unread ? 'bg-indigo-50/60 dark:bg-indigo-950/30' : '',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            unread ? 'bg-indigo-600 dark:bg-indigo-400' : 'bg-transparent',
          )}
        />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <button
            type="button"
            onClick={open}
            className={cn(
              'text-left text-sm wrap-anywhere text-slate-900 hover:underline dark:text-slate-100',
              'rounded-sm focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
              unread && 'font-medium',
              compact && 'line-clamp-3',
            )}
          >
            {unread && <span className="sr-only">{t('notificationCenter.unread')}: </span>}
            {sentence}
          </button>
          {reason && (
            <p className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">{reason}</p>
          )}
          <p className="flex flex-wrap gap-x-2 text-xs text-slate-600 dark:text-slate-400">
            {item.projectName && <span className="wrap-anywhere">{item.projectName}</span>}
            <time dateTime={item.createdAt} title={formatDateTime(item.createdAt, i18n.language)}>
              {formatRelativeTime(item.createdAt, i18n.language)}
            </time>
          </p>
        </div>
        {unread && !compact && (
          <button
            type="button"
            onClick={() => mutate({ ids: [item.id] })}
            className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300 dark:hover:bg-indigo-900/40"
            aria-label={t('notificationCenter.markOneNamed', { text: sentence })}
          >
            {t('notificationCenter.markOne')}
          </button>
        )}
      </div>
    </li>
  );
}

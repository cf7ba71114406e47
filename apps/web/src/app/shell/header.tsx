import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/ui/logo';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { LanguageMenu } from './language-menu';
import { PrimaryNav } from './primary-nav';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';
import { HEADER_CLASSES, HEADER_ROW_CLASSES } from './app-frame';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className={HEADER_CLASSES}>
      <div className={HEADER_ROW_CLASSES}>
        <Link
          to="/dashboard"
          aria-label={t('app.homeLink')}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        >
          <Logo />
        </Link>
        <PrimaryNav />
        <div className="ml-auto flex items-center gap-1">
          <NotificationBell />
          <LanguageMenu />
          <ThemeMenu />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/ui/logo';
import { LanguageMenu } from './language-menu';
import { PrimaryNav } from './primary-nav';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="relative border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 sm:gap-4">
        <Link
          to="/dashboard"
          aria-label={t('app.homeLink')}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        >
          <Logo />
        </Link>
        <PrimaryNav />
        <div className="ml-auto flex items-center gap-1">
          <LanguageMenu />
          <ThemeMenu />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { LanguageMenu } from './language-menu';
import { ThemeMenu } from './theme-menu';
import { UserMenu } from './user-menu';

const navLinkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400',
    isActive
      ? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
  );

export function Header() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3">
        <Link
          to="/dashboard"
          aria-label={t('app.homeLink')}
          className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
        >
          <Logo />
        </Link>
        <nav aria-label={t('nav.primary')} className="hidden items-center gap-1 sm:flex">
          <NavLink to="/dashboard" className={navLinkClasses}>
            {t('nav.dashboard')}
          </NavLink>
          <NavLink to="/projects" className={navLinkClasses}>
            {t('nav.projects')}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageMenu />
          <ThemeMenu />
          <UserMenu />
        </div>
      </div>
    </header>
  );
}

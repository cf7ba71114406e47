import { LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useAuthStore } from '../../features/auth';
import { displayName, initialOf } from '../../lib/display-name';
import { menuTriggerClasses } from './trigger-classes';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuthStore((state) => state.user);
  const logout = useAuthStore((state) => state.logout);
  // Right after a refresh of the page the user may still be loading from verify.
  const shown = user ?? { name: null, email: '' };
  const name = user ? displayName(shown) : '';

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-testid="user-menu" className={menuTriggerClasses}>
        <Avatar initial={user ? initialOf(shown) : '?'} />
        <span className="sr-only">{t('userMenu.label')}: </span>
        <span className="hidden max-w-40 truncate sm:inline">{name}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span>{t('userMenu.signedInAs')}</span>
          <span className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
            {user?.email}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings className="size-4" aria-hidden="true" />
            {t('userMenu.settings')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem data-testid="logout" onSelect={() => void handleLogout()}>
          <LogOut className="size-4" aria-hidden="true" />
          {t('userMenu.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

import { LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { MenuBodyProps } from '../../components/ui/deferred-menu';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { useAuthStore } from '../../features/auth';

/** The user menu itself (user-menu.tsx shows its trigger until this code is in). */
export function UserMenuBody({ trigger, triggerProps, defaultOpen }: MenuBodyProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const email = useAuthStore((state) => state.user?.email);
  const logout = useAuthStore((state) => state.logout);

  const handleLogout = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger {...triggerProps}>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-56">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span>{t('userMenu.signedInAs')}</span>
          <span className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
            {email}
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

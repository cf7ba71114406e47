import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/ui/avatar';
import { DeferredMenu } from '../../components/ui/deferred-menu';
import { useAuthStore } from '../../features/auth';
import { displayName, initialOf } from '../../lib/display-name';
import { menuTriggerClasses } from './trigger-classes';

const loadUserMenu = () => import('./user-menu-body').then((module) => module.UserMenuBody);

export function UserMenu() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  // Right after a refresh of the page the user may still be loading from verify.
  const shown = user ?? { name: null, email: '' };
  const name = user ? displayName(shown) : '';

  return (
    <DeferredMenu
      load={loadUserMenu}
      className={menuTriggerClasses}
      testId="user-menu"
      trigger={
        <>
          <Avatar initial={user ? initialOf(shown) : '?'} />
          <span className="sr-only">{t('userMenu.label')}: </span>
          <span className="hidden max-w-40 truncate sm:inline">{name}</span>
        </>
      }
    />
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../components/ui/deferred-menu';
import type { Theme } from '../../lib/theme';
import { useUiStore } from '../../lib/ui-store';
import { menuTriggerClasses } from './trigger-classes';

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };
const loadThemeMenu = () => import('./theme-menu-body').then((module) => module.ThemeMenuBody);

export function ThemeMenu() {
  const { t } = useTranslation();
  const theme = useUiStore((state) => state.theme);
  const Icon = icons[theme];

  return (
    <DeferredMenu
      load={loadThemeMenu}
      className={menuTriggerClasses}
      testId="theme-menu"
      trigger={
        <>
          <Icon className="size-4" aria-hidden="true" />
          <span className="sr-only">
            {t('theme.label')}: {t(`theme.${theme}`)}
          </span>
        </>
      }
    />
  );
}

import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { isTheme, THEMES, type Theme } from '../../lib/theme';
import { useUiStore } from '../../lib/ui-store';
import { menuTriggerClasses } from './trigger-classes';

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

export function ThemeMenu() {
  const { t } = useTranslation();
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);
  const Icon = icons[theme];

  return (
    <DropdownMenu>
      <DropdownMenuTrigger data-testid="theme-menu" className={menuTriggerClasses}>
        <Icon className="size-4" aria-hidden="true" />
        <span className="sr-only">
          {t('theme.label')}: {t(`theme.${theme}`)}
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('theme.menuLabel')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (isTheme(value)) setTheme(value);
          }}
        >
          {THEMES.map((option) => {
            const OptionIcon = icons[option];
            return (
              <DropdownMenuRadioItem key={option} value={option}>
                <OptionIcon className="size-4" aria-hidden="true" />
                {t(`theme.${option}`)}
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

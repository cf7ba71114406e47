import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MenuBodyProps } from '../../components/ui/deferred-menu';
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

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** The theme menu itself (theme-menu.tsx shows its trigger until this code is in). */
export function ThemeMenuBody({ trigger, triggerProps, defaultOpen }: MenuBodyProps) {
  const { t } = useTranslation();
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger {...triggerProps}>{trigger}</DropdownMenuTrigger>
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

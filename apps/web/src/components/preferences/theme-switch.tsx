import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { THEMES, type Theme } from '../../lib/theme';
import { useUiStore } from '../../lib/ui-store';
import { segmentButtonClasses, segmentGroupClasses } from './segment-classes';

const icons: Record<Theme, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light, dark or the system's choice as three icon buttons; stored for the next visit (ui-store). */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const theme = useUiStore((state) => state.theme);
  const setTheme = useUiStore((state) => state.setTheme);
  return (
    <div
      role="group"
      aria-label={t('theme.label')}
      data-testid="theme-switch"
      className={segmentGroupClasses}
    >
      {THEMES.map((option) => {
        const Icon = icons[option];
        return (
          <button
            key={option}
            type="button"
            aria-pressed={theme === option}
            aria-label={t(`theme.${option}`)}
            title={t(`theme.${option}`)}
            onClick={() => setTheme(option)}
            className={segmentButtonClasses}
          >
            <Icon className="size-4" aria-hidden="true" />
          </button>
        );
      })}
    </div>
  );
}

import { AVAILABLE_LANGUAGES } from '@rota/contracts';
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
import { changeLanguage, isAvailableLanguage, UPCOMING_LANGUAGES } from '../../lib/i18n';

/**
 * The language menu itself (language-menu.tsx shows its trigger until this code is in). Türkçe and
 * English work; spec §9's other languages are listed as coming soon.
 */
export function LanguageMenuBody({ trigger, triggerProps, defaultOpen }: MenuBodyProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger {...triggerProps}>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('language.menuLabel')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={current}
          onValueChange={(value) => {
            if (isAvailableLanguage(value)) void changeLanguage(value);
          }}
        >
          {AVAILABLE_LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </DropdownMenuRadioItem>
          ))}
          {UPCOMING_LANGUAGES.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} disabled>
              <span lang={language}>{t(`language.${language}`)}</span>
              <span className="ml-auto rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">
                {t('language.comingSoon')}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

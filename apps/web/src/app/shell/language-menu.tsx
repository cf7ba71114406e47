import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../components/ui/deferred-menu';
import { menuTriggerClasses } from './trigger-classes';

const loadLanguageMenu = () =>
  import('./language-menu-body').then((module) => module.LanguageMenuBody);

/** The header's language menu: Türkçe and English, and the languages coming soon. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <DeferredMenu
      load={loadLanguageMenu}
      className={menuTriggerClasses}
      testId="language-menu"
      trigger={
        <>
          <Languages className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('language.label')}: </span>
          {/* Named aloud everywhere, shown from 640 px: a phone's header also holds the bell. */}
          <span className="sr-only sm:not-sr-only">{t(`language.${current}`)}</span>
        </>
      }
    />
  );
}

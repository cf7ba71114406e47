import { AVAILABLE_LANGUAGES } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';
import { segmentButtonClasses, segmentGroupClasses } from './segment-classes';

/**
 * Türkçe | English as two buttons, each name in its own language, so a visitor who cannot read
 * the current one still finds theirs. The choice is stored for the next visit (lib/i18n).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = i18n.resolvedLanguage ?? i18n.language;
  return (
    <div
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
      className={segmentGroupClasses}
    >
      {AVAILABLE_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          aria-pressed={current === language}
          onClick={() => void changeLanguage(language)}
          className={segmentButtonClasses}
        >
          {t(`language.${language}`)}
        </button>
      ))}
    </div>
  );
}

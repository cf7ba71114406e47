import { i18n } from '../../lib/i18n';
import en from '../../locales/analysis/en.json';
import tr from '../../locales/analysis/tr.json';

/**
 * The analyses' texts (several hundred strings, the README rubric's suggestions among them) are
 * added when the analysis code first loads, not bundled with the sign-in page. Importing this
 * module for its effect is enough; it runs once.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);

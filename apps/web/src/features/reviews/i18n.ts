import { i18n } from '../../lib/i18n';
import en from '../../locales/reviews/en.json';
import tr from '../../locales/reviews/tr.json';

/**
 * The reviews' texts (the tab, its verdicts and one title and explanation per built-in rule) are
 * added when the project page's code loads, not bundled with the sign-in page. Importing this
 * module for its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);

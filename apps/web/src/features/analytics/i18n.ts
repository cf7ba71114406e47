import { i18n } from '../../lib/i18n';
import en from '../../locales/analytics/en.json';
import tr from '../../locales/analytics/tr.json';

/**
 * The analytics tab's texts are added when its code loads, not bundled with the sign-in page (as
 * the pull requests' are). Importing this module for its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);

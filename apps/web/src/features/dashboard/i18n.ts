import { i18n } from '../../lib/i18n';
import en from '../../locales/dashboard/en.json';
import tr from '../../locales/dashboard/tr.json';

/**
 * The dashboard's insight texts are added when the dashboard's code loads, not bundled with the
 * sign-in page. Importing this module for its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);

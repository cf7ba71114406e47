import { i18n } from '../../lib/i18n';
import en from '../../locales/chat/en.json';
import tr from '../../locales/chat/tr.json';

/**
 * The chat notifications' texts are added when the project page's tab code loads, not bundled
 * with the sign-in page. Importing this module for its effect is enough.
 */
i18n.addResourceBundle('en', 'translation', en, true, false);
i18n.addResourceBundle('tr', 'translation', tr, true, false);
